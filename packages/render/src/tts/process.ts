import { spawn } from "node:child_process";
import { abortError, TtsError } from "./errors.ts";

export interface RunOptions {
  /** Written to the process's stdin, which is then closed. */
  input?: string;
  cwd?: string;
  signal?: AbortSignal;
  /** Called once the process is running (its pid), e.g. to watch it. */
  onSpawn?: (pid: number) => void;
}

export interface RunResult {
  /** Standard output as bytes. */
  output: Buffer;
  /** Standard output as UTF-8 text (made from `output` when read). */
  readonly stdout: string;
  stderr: string;
}

// Enough for the analysis filters' logs (silencedetect, ebur128); error messages show only the last lines.
const STDERR_TAIL = 2_000_000;
/** The most output kept from a speech program (its text or a clip); more stops it. */
const STDOUT_MAX = 256 * 1024 * 1024;

/**
 * Runs a program to completion. Rejects with a TtsError when it cannot start (ENGINE_MISSING) or exits non-zero
 * (ENGINE_FAILED, with the end of its stderr), and with the abort reason when `signal` fires: the process is killed
 * (SIGKILL) before the promise settles.
 */
export function runProcess(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    let settled = false;
    const finish = (error: unknown, result?: RunResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else if (result) resolve(result);
    };
    const onAbort = () => {
      child.kill("SIGKILL");
      // Settle once the process is gone, so callers may delete its files right away.
      child.once("close", () => finish(abortError(signal)));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    let outBytes = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= STDOUT_MAX) out.push(chunk);
      else if (!settled) {
        child.kill("SIGKILL");
        finish(new TtsError("ENGINE_FAILED", `${command} wrote more than ${STDOUT_MAX} bytes and was stopped.`));
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("spawn", () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (signal?.aborted) return;
      const message =
        error.code === "ENOENT"
          ? `${command} is not installed or not on PATH (needed for speech synthesis).`
          : `${command} could not be started: ${error.message}`;
      finish(new TtsError(error.code === "ENOENT" ? "ENGINE_MISSING" : "ENGINE_FAILED", message, { cause: error }));
    });
    child.on("close", (code, sig) => {
      if (signal?.aborted) return;
      const output = Buffer.concat(out);
      // The text is made only when asked for: a program writing sound to its output is never turned into a string.
      if (code === 0)
        finish(null, {
          output,
          get stdout() {
            return output.toString("utf8");
          },
          stderr: err,
        });
      else {
        const tail = err.trim().split("\n").slice(-8).join("\n");
        finish(
          new TtsError("ENGINE_FAILED", `${command} failed (${sig ?? `exit code ${code}`})${tail ? `: ${tail}` : ""}`),
        );
      }
    });
    child.stdin.on("error", () => {
      // The process may exit before reading all input; its exit status tells what happened.
    });
    child.stdin.end(options.input ?? "");
  });
}
