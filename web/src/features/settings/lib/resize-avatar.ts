import { AVATAR_SIZE_PX, messages, UPLOAD_MAX_BYTES } from "@reelsmith/core";

const ACCEPTED = ["image/jpeg", "image/png", "image/webp"];

export class AvatarError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** The spec's avatar rules: JPEG, PNG or WebP, at most 10MB. */
export function checkAvatarFile(file: { type: string; size: number }): void {
  if (!ACCEPTED.includes(file.type))
    throw new AvatarError(messages.reddit.avatarInvalid, messages.reddit.avatarInvalid);
  if (file.size > UPLOAD_MAX_BYTES) {
    throw new AvatarError(messages.reddit.avatarTooLargeTitle, messages.reddit.avatarTooLarge);
  }
}

/** Where a square crop of a w x h image starts and how big it is (centre crop). */
export function centreSquare(width: number, height: number): { sx: number; sy: number; size: number } {
  const size = Math.min(width, height);
  return { sx: Math.round((width - size) / 2), sy: Math.round((height - size) / 2), size };
}

/**
 * Turns a picked image into the small avatar the account stores: centre-cropped to a square, scaled to
 * 256 px and encoded as WebP (PNG where the browser cannot encode WebP), as a data URL.
 */
export async function resizeAvatar(file: File): Promise<string> {
  checkAvatarFile(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new AvatarError(messages.reddit.avatarInvalid, messages.reddit.avatarInvalid);
  }
  const canvas = document.createElement("canvas");
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext("2d");
  if (!context) throw new AvatarError(messages.reddit.avatarInvalid, messages.common.somethingWentWrong);
  const { sx, sy, size } = centreSquare(bitmap.width, bitmap.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, sx, sy, size, size, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  bitmap.close();
  const webp = canvas.toDataURL("image/webp", 0.86);
  return webp.startsWith("data:image/webp") ? webp : canvas.toDataURL("image/png");
}
