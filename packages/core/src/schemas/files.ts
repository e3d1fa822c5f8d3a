import { z } from "zod";
import { FILE_TYPES, type FileType, looksLikeUpload, UPLOAD_KINDS, uploadAccept } from "../uploads/kinds.ts";

/** A user's upload as the API returns it (spec entity `files`, with a signed, expiring URL). */
export const fileSchema = z.object({
  id: z.string(),
  original_filename: z.string(),
  type: z.enum(FILE_TYPES),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  created_at: z.string(),
  url: z.string(),
});
export type UserFile = z.infer<typeof fileSchema>;

export const fileListSchema = z.object({ items: z.array(fileSchema) });

/** What the browser may offer to upload per kind (the server decides by the file's bytes). */
export const FILE_ACCEPT: Record<FileType, string> = Object.fromEntries(
  FILE_TYPES.map((type) => [type, uploadAccept(type)]),
) as Record<FileType, string>;

/** The largest upload of each kind: 10 MB, own background footage 100 MB. */
export function uploadMaxBytes(type: FileType): number {
  return UPLOAD_KINDS[type].maxBytes;
}

/** Why an upload of this kind was refused as too large, in the user's words. */
export function uploadTooLargeMessage(type: FileType): string {
  return UPLOAD_KINDS[type].messages.tooLarge;
}

/** Spec section 5: an audio upload is accepted by MIME type or extension (MP3, WAV or AAC). */
export function isAcceptedAudioFile(file: { name: string; type: string }): boolean {
  return looksLikeUpload("audio-file", file) && !isAcceptedSongVideo(file);
}

/** Video containers whose sound a music video can use (the upload area promises video too). */
export function isAcceptedSongVideo(file: { name: string; type: string }): boolean {
  return (
    ["video/mp4", "video/quicktime", "video/webm"].includes(file.type.toLowerCase()) ||
    /\.(mp4|mov|webm)$/i.test(file.name)
  );
}

/** A music video's song: an audio file (spec section 5) or a video whose sound is taken. */
export function isAcceptedSongFile(file: { name: string; type: string }): boolean {
  return looksLikeUpload("audio-file", file);
}

/** Spec section 5: product images are JPG, PNG or WebP. */
export function isAcceptedImageFile(file: { name: string; type: string }): boolean {
  return looksLikeUpload("product-image", file);
}
