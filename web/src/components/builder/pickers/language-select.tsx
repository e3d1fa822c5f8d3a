import { LANGUAGE_CATALOGUE, type LanguageId } from "@reelsmith/core";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** The language a video speaks and is captioned in, from the catalogue, each by its English and its own name. */
export function LanguageSelect({
  value,
  onChange,
  hint,
}: {
  value: LanguageId;
  onChange: (language: LanguageId) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Language</Label>
      <Select value={value} onValueChange={(language) => onChange(language as LanguageId)}>
        <SelectTrigger id={id} className="w-full" aria-describedby={hint ? `${id}-hint` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGE_CATALOGUE.map((language) => (
            <SelectItem key={language.id} value={language.id}>
              {language.name}
              {language.native !== language.name ? (
                <span className="text-muted-foreground" lang={language.tag}>
                  {language.native}
                </span>
              ) : null}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
