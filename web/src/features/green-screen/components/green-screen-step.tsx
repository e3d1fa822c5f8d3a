import { type Catalog, LIBRARY_SCREEN_KEY, type MemeTransform, type UserFile } from "@reelsmith/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { filesQueryOptions, useFiles } from "@/components/builder/api/get-files";
import { FieldError } from "@/components/builder/field-error";
import { BackgroundField } from "./background-field";
import { CaptionField } from "./caption-field";
import { LivePreview, type PreviewMeme } from "./live-preview";
import { MemeField } from "./meme-field";
import { SongField } from "./song-field";

export interface GreenScreenValues {
  text_hook: string;
  /** A library meme's id; null when the creator brings their own clip. */
  selected_meme: string | null;
  /** The creator's own green-screen clip (an upload of kind meme-clip); null or absent: a library meme. */
  meme_file_id?: string | null | undefined;
  background_file_id: string | null;
  /** Where own footage is cut to 9:16 (its window's horizontal centre); null or absent: the middle. */
  background_crop?: { x: number } | null | undefined;
  song: string;
  meme_transform?: MemeTransform | undefined;
}

/**
 * The meme the preview shows: the creator's own clip (its key found on it, as the render finds it) or
 * the library's (keyed as drawn, on #00FF00), or null while neither is chosen or loaded.
 */
function previewMeme(
  memes: Catalog["memes"],
  values: Pick<GreenScreenValues, "selected_meme" | "meme_file_id">,
  ownClip: UserFile | undefined,
): PreviewMeme | null {
  if (values.meme_file_id) return ownClip ? { id: ownClip.id, url: ownClip.url } : null;
  const meme = memes.find((m) => m.id === values.selected_meme);
  return meme ? { id: meme.id, url: meme.videoUrl, durationS: meme.durationS, key: LIBRARY_SCREEN_KEY } : null;
}

function Part({
  id,
  number,
  title,
  hint,
  error,
  children,
}: {
  id: string;
  number: number;
  title: string;
  hint: string;
  /** The server's reason for refusing this part, shown under its heading. */
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-primary/10 text-xs font-bold text-primary"
        >
          {number}
        </span>
        <div>
          <h3 id={id} className="font-semibold">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{hint}</p>
        </div>
      </header>
      {error ? <FieldError>{error}</FieldError> : null}
      {children}
    </section>
  );
}

/**
 * The whole form on one screen, beside the live preview (above it on a phone): caption, meme,
 * background and song. The preview follows every change, and moving the meme on it sets its place.
 */
export function GreenScreenStep({
  values,
  onChange,
  catalog,
  errors = {},
}: {
  values: GreenScreenValues;
  onChange: (patch: Partial<GreenScreenValues>) => void;
  catalog: Catalog;
  /** The server's reasons for refusing these fields when the video was generated. */
  errors?: Partial<Record<string, string>>;
}) {
  const backgrounds = useFiles("green-screen");
  const footage = useFiles("background-video");
  const background =
    [...(backgrounds.data ?? []), ...(footage.data ?? [])].find((f) => f.id === values.background_file_id) ?? null;
  // The creator's clips are listed only once one is chosen (the picker lists them itself when shown).
  const ownClips = useQuery({ ...filesQueryOptions("meme-clip"), enabled: Boolean(values.meme_file_id) });
  const meme = previewMeme(
    catalog.memes,
    values,
    ownClips.data?.find((f) => f.id === values.meme_file_id),
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-10">
      <LivePreview
        caption={values.text_hook}
        meme={meme}
        background={background}
        cropX={values.background_crop?.x ?? 0.5}
        transform={values.meme_transform}
        onTransformChange={(meme_transform) => onChange({ meme_transform })}
        className="lg:sticky lg:top-20 lg:order-last lg:self-start"
      />
      <div className="min-w-0 space-y-10">
        <Part
          id="gs-caption"
          number={1}
          title="Caption"
          hint="The line on the white band at the top, from the first frame."
          error={errors.text_hook}
        >
          <CaptionField value={values.text_hook} onChange={(text_hook) => onChange({ text_hook })} />
        </Part>
        <Part
          id="gs-meme"
          number={2}
          title="Meme"
          hint="The clip keyed over your background."
          error={errors.selected_meme ?? errors.meme_file_id ?? errors.meme_transform}
        >
          <MemeField
            memes={catalog.memes}
            value={{ selected_meme: values.selected_meme, meme_file_id: values.meme_file_id ?? null }}
            onChange={onChange}
          />
        </Part>
        <Part
          id="gs-background"
          number={3}
          title="Background"
          hint="A picture or a video behind the meme, or your own footage."
          error={errors.background_file_id ?? errors.background_crop}
        >
          <BackgroundField
            value={values.background_file_id}
            crop={values.background_crop?.x ?? null}
            onChange={(file, background_crop) => onChange({ background_file_id: file?.id ?? null, background_crop })}
            onCropChange={(x) => onChange({ background_crop: { x } })}
          />
        </Part>
        <Part
          id="gs-song"
          number={4}
          title="Song"
          hint="Plays under the meme's own sound. Optional."
          error={errors.song}
        >
          <SongField
            music={catalog.music}
            value={values.song}
            onChange={(song) => onChange({ song })}
            labelledBy="gs-song"
          />
        </Part>
      </div>
    </div>
  );
}
