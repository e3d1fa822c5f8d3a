import { createReadStream, createWriteStream } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileType } from "@reelsmith/core";
import { checkUploadFile } from "@reelsmith/media";
import { AppError } from "../lib/errors.ts";
import { makeScratchDir, removeScratchDir } from "../lib/scratch.ts";

/** An upload held whole while it is stored: read it again with `stream`, then always `remove` it. */
export interface CheckedUpload {
  stream(): Readable;
  remove(): Promise<void>;
}

/** The port the upload flow checks a whole upload through, before anything is kept. */
export interface UploadChecker {
  /**
   * Reads the upload to its end and checks it whole for its kind (the media layer decodes it); refuses it with
   * 415 and the check's own words, leaving nothing behind.
   */
  check(body: Readable, ext: string, type: FileType): Promise<CheckedUpload>;
}

/**
 * Checks uploads in a scratch folder on local disk (ffmpeg reads files): the folder is owned by this process
 * while the upload is in it, so the sweep of stale scratch never takes it, and removed afterwards in any case.
 */
export class ScratchUploadChecker implements UploadChecker {
  /** `root`: where the scratch folders are made (default: the system's temporary folder). */
  constructor(private readonly root?: string) {}

  async check(body: Readable, ext: string, type: FileType): Promise<CheckedUpload> {
    const dir = await makeScratchDir("reelsmith-upload-", this.root);
    const remove = () => removeScratchDir(dir);
    try {
      const file = join(dir, `upload.${ext}`);
      await pipeline(body, createWriteStream(file));
      const check = await checkUploadFile(file, type);
      if (!check.ok) throw new AppError("UNSUPPORTED_MEDIA", check.message);
      return { stream: () => createReadStream(file), remove };
    } catch (error) {
      await remove();
      throw error;
    }
  }
}
