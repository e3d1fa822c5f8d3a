import { lstat, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The temporary folders the server makes (a render's work, an upload being checked, copies). */
export const SCRATCH_PREFIXES = ["reelsmith-render-", "reelsmith-upload-", "reelsmith-copy-", "reelsmith-photo-"];

/**
 * A scratch folder untouched this long belongs to nothing: a render's attempt expires after an hour and an
 * upload is checked in minutes, so only a process that died (a crash, SIGKILL, a lost machine) leaves one.
 */
export const SCRATCH_STALE_MS = 6 * 60 * 60 * 1000;

/** Scratch folders a job of this process is using now: never swept, whatever their age. */
const owned = new Set<string>();

/** A new scratch folder under the system's temporary directory, owned by this process until released. */
export async function makeScratchDir(prefix: string, root: string = tmpdir()): Promise<string> {
  const dir = await mkdtemp(join(root, prefix));
  owned.add(dir);
  return dir;
}

/** Removes a scratch folder made by {@link makeScratchDir}. */
export async function removeScratchDir(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } finally {
    owned.delete(dir);
  }
}

/** When the folder or anything directly in it last changed. */
async function lastChange(dir: string): Promise<number> {
  let newest = (await stat(dir)).mtimeMs;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const entry = await lstat(join(dir, name)).catch(() => undefined);
    if (entry) newest = Math.max(newest, entry.mtimeMs);
  }
  return newest;
}

/**
 * Removes the scratch folders left behind: named with one of {@link SCRATCH_PREFIXES}, not owned by a job of
 * this process, and untouched for `olderThanMs`. Another process on this machine keeps its folders in use
 * (a render writes into its folder as it goes), so they never look stale. Answers what it removed.
 */
export async function sweepScratch(
  options: { root?: string; olderThanMs?: number; now?: number } = {},
): Promise<{ removed: string[] }> {
  const root = options.root ?? tmpdir();
  const olderThan = options.olderThanMs ?? SCRATCH_STALE_MS;
  const now = options.now ?? Date.now();
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!SCRATCH_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const dir = join(root, name);
    if (owned.has(dir)) continue;
    const entry = await lstat(dir).catch(() => undefined);
    if (!entry?.isDirectory()) continue;
    if (now - (await lastChange(dir).catch(() => now)) < olderThan) continue;
    await rm(dir, { recursive: true, force: true }).catch(() => {});
    removed.push(dir);
  }
  return { removed };
}
