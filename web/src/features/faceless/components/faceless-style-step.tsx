import {
  type Catalog,
  defaultFacelessStyle,
  FACELESS_LENGTHS,
  FACELESS_TABS,
  type FacelessTab,
  HOOK_TEXT_MAX,
  messages,
} from "@reelsmith/core";
import { useId } from "react";

import { FieldError } from "@/components/builder/field-error";
import { LibraryTiles } from "@/components/builder/pickers/library-tiles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";

export interface FacelessValues {
  tab: FacelessTab;
  video_type: string;
  title: string;
  length_s: number;
}

const TAB_LABELS: Record<FacelessTab, string> = { asmr: "AI ASMR", dreamscape: "Dreamscapes" };

/**
 * The whole faceless form: the tab (AI ASMR, Dreamscapes, and Micro-Doc announced), the style cards
 * with looping previews, an optional title shown as the hook, and the length.
 */
export function FacelessStyleStep({
  values,
  onChange,
  catalog,
  errors = {},
}: {
  values: FacelessValues;
  onChange: (values: Partial<FacelessValues>) => void;
  catalog: Catalog;
  /** Why a field stops the video (a refusal, or text no font can draw), shown at the field. */
  errors?: Partial<Record<keyof FacelessValues, string>>;
}) {
  const titleId = useId();
  const styles = values.tab === "asmr" ? catalog.asmr : catalog.dreamscape;
  return (
    <div className="space-y-8">
      <Tabs
        value={values.tab}
        // Choosing a tab resets the style: AI ASMR gives Fruit Cutting, Dreamscapes Fashion (spec section 4).
        onValueChange={(tab) => {
          const next = tab as FacelessTab;
          if (next !== values.tab) onChange({ tab: next, video_type: defaultFacelessStyle(next) });
        }}
      >
        {/* Wraps on a phone instead of pushing the page sideways. */}
        <TabsList className="h-auto max-w-full flex-wrap justify-start">
          {FACELESS_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </TabsTrigger>
          ))}
          <TabsTrigger value="micro-doc" disabled className="gap-1.5">
            Micro-Doc
            <Badge variant="secondary" className="px-1.5 text-[10px]">
              {messages.faceless.comingSoon}
            </Badge>
          </TabsTrigger>
        </TabsList>
      </Tabs>

      <LibraryTiles
        label={`${TAB_LABELS[values.tab]} style`}
        looping
        tiles={styles.map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          thumbnailUrl: s.thumbnailUrl,
          previewUrl: s.videoUrl,
          credit: s.credit,
        }))}
        value={values.video_type}
        onChange={(video_type) => onChange({ video_type })}
        className="grid-cols-2 sm:grid-cols-3 xl:grid-cols-5"
      />

      <div className="grid gap-6 md:grid-cols-[1fr_auto]">
        <div className="space-y-2">
          <div className="flex items-end justify-between gap-3">
            <Label htmlFor={titleId}>Title (optional)</Label>
            <span id={`${titleId}-count`} className="text-xs tabular-nums text-muted-foreground">
              {values.title.length}/{HOOK_TEXT_MAX}
            </span>
          </div>
          <Input
            id={titleId}
            value={values.title}
            maxLength={HOOK_TEXT_MAX}
            placeholder="Oddly satisfying 🍉"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={`${titleId}-count ${titleId}-hint${errors.title ? ` ${titleId}-error` : ""}`}
            onChange={(e) => onChange({ title: e.target.value.slice(0, HOOK_TEXT_MAX) })}
          />
          {errors.title ? <FieldError id={`${titleId}-error`}>{errors.title}</FieldError> : null}
          <p id={`${titleId}-hint`} className="text-xs text-muted-foreground">
            Shown as the hook in the first seconds.
          </p>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Length</legend>
          <div className="flex gap-2">
            {FACELESS_LENGTHS.map((seconds) => (
              <Button
                key={seconds}
                type="button"
                variant={values.length_s === seconds ? "default" : "outline"}
                aria-pressed={values.length_s === seconds}
                onClick={() => onChange({ length_s: seconds })}
              >
                {seconds} s
              </Button>
            ))}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
