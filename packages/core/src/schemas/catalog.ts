import { z } from "zod";

/**
 * GET /api/catalog: everything the builders let a user pick, with links to previews. Served from the
 * starter library, the caption-style previews and the voice previews the server made at setup.
 */
const media = {
  id: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
  videoUrl: z.string(),
  durationS: z.number(),
  /** Stock footage (npm run library:stock): the site and author to credit, e.g. "Pexels · Jane Doe". */
  credit: z.object({ provider: z.string(), author: z.string(), authorUrl: z.string(), pageUrl: z.string() }).optional(),
};

export const catalogSchema = z.object({
  captionStyles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      fontLabel: z.string(),
      previewUrl: z.string().nullable(),
      wordPreviewUrl: z.string().nullable(),
    }),
  ),
  voices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      gender: z.enum(["male", "female"]),
      age: z.string(),
      language: z.string(),
      /** The ids of the languages it speaks (see LANGUAGE_CATALOGUE). */
      languages: z.array(z.string()),
      previewUrl: z.string().nullable(),
    }),
  ),
  backgrounds: z.array(
    z.object({
      ...media,
      /** mm:ss */
      duration: z.string(),
      sizeMB: z.number(),
    }),
  ),
  /** The first entry is 'no-music'. */
  music: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mood: z.string().nullable(),
      genre: z.string().nullable(),
      bpm: z.number().nullable(),
      url: z.string().nullable(),
      durationS: z.number().nullable(),
    }),
  ),
  memes: z.array(z.object(media)),
  asmr: z.array(z.object({ ...media, description: z.string() })),
  dreamscape: z.array(z.object({ ...media, description: z.string() })),
  textHookStyles: z.array(z.object({ ...media, videoType: z.string() })),
});
export type Catalog = z.infer<typeof catalogSchema>;
export type CatalogBackground = Catalog["backgrounds"][number];
export type CatalogMusic = Catalog["music"][number];
export type CatalogVoice = Catalog["voices"][number];
export type CatalogCaptionStyle = Catalog["captionStyles"][number];
