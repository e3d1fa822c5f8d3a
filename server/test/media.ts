import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Library, libraryDir, loadLibrary } from "@reelsmith/library";
import { OfflineTtsProvider } from "@reelsmith/render";
import type { VideoRenderer } from "../src/services/render.service.ts";

/**
 * The starter library the tests read: LIBRARY_DIR when set (npm test points it at the quick build it
 * makes), else the checkout's quick build. Made by `npm run library:build -- --quick --out library/build-quick`.
 */
export function testLibraryDir(): string {
  return process.env.LIBRARY_DIR ? libraryDir() : path.resolve(import.meta.dirname, "../../library/build-quick");
}

export async function testLibrary(): Promise<Library> {
  const dir = testLibraryDir();
  try {
    return await loadLibrary(dir);
  } catch (error) {
    throw new Error(
      `The server tests need a built media library in ${dir}: run npm test, or ` +
        `npm run library:build -- --quick --out library/build-quick (${(error as Error).message})`,
    );
  }
}

/** What createServerContext needs to make videos, with a renderer of the test's choice (or the engine). */
export async function testMedia(renderer?: VideoRenderer) {
  return {
    library: await testLibrary(),
    tts: new OfflineTtsProvider(),
    previewsDir: fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-previews-")),
    ...(renderer ? { renderer } : {}),
  };
}
