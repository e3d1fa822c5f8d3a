import fs from "node:fs/promises";
import path from "node:path";
import { type ShowcaseManifest, showcaseManifestSchema } from "@reelsmith/core";

export const SHOWCASE_MANIFEST = "showcase.json";
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.(mp4|webp|jpg)$/;

/**
 * The landing page's showcase clips on disk: `showcase.json` plus content-hashed files beside it,
 * written by `npm run showcase`. Absent means not rendered yet: an empty list, not an error.
 */
export class ShowcaseRepository {
  constructor(readonly dir: string) {}

  async manifest(): Promise<ShowcaseManifest> {
    let raw: string;
    try {
      raw = await fs.readFile(path.join(this.dir, SHOWCASE_MANIFEST), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, generatedAt: null, clips: [] };
      throw error;
    }
    return showcaseManifestSchema.parse(JSON.parse(raw));
  }

  /** The path of a showcase file by its name, or undefined for names that are not showcase files. */
  async file(name: string): Promise<string | undefined> {
    if (!FILE_NAME.test(name)) return undefined;
    const file = path.join(this.dir, name);
    try {
      return (await fs.stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }
}
