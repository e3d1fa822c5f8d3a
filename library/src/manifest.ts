import { z } from "zod";

/** One item of the starter media library: what it is, where it came from, under which licence. */
export const libraryAssetSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "ids are lowercase words joined by hyphens"),
  kind: z.enum(["background", "music", "meme", "style-footage", "faceless", "voice-preview", "image"]),
  title: z.string().min(1),
  licence: z.string().min(1),
  source: z.string().min(1),
  file: z.string().min(1),
  durationS: z.number().positive().optional(),
});
export type LibraryAsset = z.infer<typeof libraryAssetSchema>;

export const manifestSchema = z
  .object({ version: z.literal(1), assets: z.array(libraryAssetSchema) })
  .superRefine((manifest, ctx) => {
    const seen = new Set<string>();
    manifest.assets.forEach((asset, index) => {
      if (seen.has(asset.id)) {
        ctx.addIssue({ code: "custom", message: `duplicate id ${asset.id}`, path: ["assets", index, "id"] });
      }
      seen.add(asset.id);
    });
  });
export type Manifest = z.infer<typeof manifestSchema>;

/** Parses a manifest, naming every problem in one error. */
export function parseManifest(input: unknown): Manifest {
  const result = manifestSchema.safeParse(input);
  if (!result.success) {
    throw new Error(
      `Invalid library manifest:\n${result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  return result.data;
}
