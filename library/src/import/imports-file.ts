/**
 * Operator imports live in `<library dir>/imported/`: the files, and `imports.json` listing them.
 * A build never deletes that folder and merges the list into manifest.json after the generated assets.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeAtomic } from "../kit/video.ts";
import { type ImportsFile, parseImports } from "../manifest.ts";

export const IMPORTED_DIR = "imported";
export const IMPORTS_FILE = "imports.json";

export async function readImports(dir: string): Promise<ImportsFile> {
  let text: string;
  try {
    text = await readFile(path.join(dir, IMPORTED_DIR, IMPORTS_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, assets: [] };
    throw error;
  }
  return parseImports(JSON.parse(text));
}

export async function writeImports(dir: string, imports: ImportsFile): Promise<void> {
  parseImports(imports);
  await writeAtomic(path.join(dir, IMPORTED_DIR, IMPORTS_FILE), `${JSON.stringify(imports, null, 2)}\n`);
}
