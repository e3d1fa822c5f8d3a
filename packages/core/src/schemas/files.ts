import { z } from "zod";
import { BACKGROUND_VIDEO_MAX_BYTES, UPLOAD_MAX_BYTES } from "../catalogue/constants.ts";
import { messages } from "../messages.ts";

export const FILE_TYPES = ["audio-file", "product-image", "green-screen", "background-video", "voice-over"] as const;
export type FileType = (typeof FILE_TYPES)[number];

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
export const FILE_ACCEPT: Record<FileType, string> = {
  "audio-file":
    ".mp3,.wav,.aac,.m4a,.mp4,.mov,.webm,audio/mpeg,audio/wav,audio/x-wav,audio/aac,audio/mp4,video/mp4,video/quicktime,video/webm",
  "product-image": ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp",
  "green-screen": ".jpg,.jpeg,.png,.webp,.mp4,image/jpeg,image/png,image/webp,video/mp4",
  "background-video": ".mp4,.mov,.webm,video/mp4,video/quicktime,video/webm",
  "voice-over":
    ".mp3,.wav,.aac,.m4a,.ogg,.opus,.webm,audio/mpeg,audio/wav,audio/x-wav,audio/aac,audio/mp4,audio/x-m4a,audio/ogg,audio/opus,audio/webm",
};

/** The largest upload of each kind: 10 MB, own background footage 100 MB. */
export function uploadMaxBytes(type: FileType): number {
  return type === "background-video" ? BACKGROUND_VIDEO_MAX_BYTES : UPLOAD_MAX_BYTES;
}

/** Why an upload of this kind was refused as too large, in the user's words. */
export function uploadTooLargeMessage(type: FileType): string {
  return type === "background-video" ? messages.files.backgroundVideoTooLarge : messages.files.tooLarge;
}

/** Spec section 5: an audio upload is accepted by MIME type or extension (MP3, WAV or AAC). */
export function isAcceptedAudioFile(file: { name: string; type: string }): boolean {
  const mimeOk = [
    "audio/mpeg",
    "audio/mp3",
    "audio/wav",
    "audio/x-wav",
    "audio/wave",
    "audio/aac",
    "audio/mp4",
    "audio/x-m4a",
  ].includes(file.type.toLowerCase());
  return mimeOk || /\.(mp3|wav|aac|m4a)$/i.test(file.name);
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
  return isAcceptedAudioFile(file) || isAcceptedSongVideo(file);
}

/** Spec section 5: product images are JPG, PNG or WebP. */
export function isAcceptedImageFile(file: { name: string; type: string }): boolean {
  return (
    ["image/jpeg", "image/png", "image/webp"].includes(file.type.toLowerCase()) ||
    /\.(jpe?g|png|webp)$/i.test(file.name)
  );
}
