import { createHash, randomBytes } from "node:crypto";
import { access, chmod, constants, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { TtsError } from "./errors.ts";
import { runProcess } from "./process.ts";

/**
 * The small C programs the offline speech engines are driven through (the flite and espeak-ng timing helpers, the
 * flite lexicon): each is compiled with the machine's C compiler on first use into the cache directory, named by a
 * hash of its source and libraries so an edited helper is built again, and kept there.
 */
export interface CHelper {
  /** Its file name's stem (reelsmith-<name>-<hash>) and how messages name it. */
  name: string;
  /** What it is for, in a message: "flite voices cannot report word timings". */
  purpose: string;
  source: string;
  libs: readonly string[];
  /** A header the helper needs, checked first for a clearer message than the compiler's. */
  header: string;
  /** How to get what it needs: "install gcc, libc6-dev and flite1-dev (sudo apt-get install ...)". */
  howTo: string;
}

/**
 * C for the helpers that read their chunks from stdin, one "<n>\t<text>" line each: the next line's text, with
 * `line` left holding its number; NULL at the end. A line without a tab ends the program (exit 2).
 */
export const C_NEXT_CHUNK = String.raw`static char *next_chunk(char *line, int size) {
  if (!fgets(line, size, stdin)) return NULL;
  size_t n = strlen(line);
  while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
  char *tab = strchr(line, '\t');
  if (!tab) {
    fprintf(stderr, "expected <n>\\t<text>\n");
    exit(2);
  }
  *tab = 0;
  return tab + 1;
}`;

/** Where built helpers live: TTS_CACHE_DIR, else $XDG_CACHE_HOME/reelsmith, else ~/.cache/reelsmith. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TTS_CACHE_DIR) return env.TTS_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || (homedir() ? join(homedir(), ".cache") : tmpdir());
  return join(base, "reelsmith");
}

const builds = new Map<string, Promise<string>>();

/** Path of the compiled helper, building it first when needed (once per process and cache directory). */
export function ensureCHelper(helper: CHelper, cacheDir: string = defaultCacheDir()): Promise<string> {
  const compiler = process.env.CC || "gcc";
  const hash = createHash("sha256").update(helper.source).update(helper.libs.join(" ")).digest("hex").slice(0, 12);
  const binary = join(cacheDir, `reelsmith-${helper.name}-${hash}`);
  let build = builds.get(binary);
  if (!build) {
    build = buildHelper(helper, compiler, binary, cacheDir);
    builds.set(binary, build);
    build.catch(() => builds.delete(binary));
  }
  return build;
}

async function buildHelper(helper: CHelper, compiler: string, binary: string, cacheDir: string): Promise<string> {
  try {
    await access(binary, constants.X_OK);
    return binary;
  } catch {
    // Not built yet.
  }
  const fail = (message: string, cause?: unknown) => new TtsError("HELPER_BUILD_FAILED", message, { cause });
  try {
    await access(helper.header, constants.R_OK);
  } catch {
    throw fail(`${helper.header} is missing, so ${helper.purpose}: ${helper.howTo}.`);
  }
  try {
    await mkdir(cacheDir, { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(
      `Cannot create ${cacheDir} for the ${helper.name} helper (${reason}); set TTS_CACHE_DIR to a writable folder.`,
      error,
    );
  }
  const stem = join(cacheDir, `.build-${randomBytes(6).toString("hex")}`);
  try {
    await writeFile(`${stem}.c`, helper.source);
    await runProcess(compiler, ["-O2", "-o", stem, `${stem}.c`, ...helper.libs]);
    await chmod(stem, 0o755);
    // Atomic: a parallel build of the same source just replaces an identical file.
    await rename(stem, binary);
    return binary;
  } catch (error) {
    if (error instanceof TtsError && error.code === "ENGINE_MISSING") {
      throw fail(`No C compiler (${compiler}) to build the ${helper.name} helper: ${helper.howTo}.`, error);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(`Building the ${helper.name} helper failed (${reason}); ${helper.howTo}.`, error);
  } finally {
    await rm(`${stem}.c`, { force: true });
    await rm(stem, { force: true });
  }
}
