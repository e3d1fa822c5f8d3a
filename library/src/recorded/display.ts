/**
 * The virtual screens games are recorded on: this module alone starts and stops Xvfb (Debian package xvfb).
 * Each screen is the size of the picture, listens on no TCP port, and picks a free display number itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";

export interface VirtualDisplay {
  /** The X display name, e.g. ":93". */
  name: string;
  /** Xvfb's process id. */
  pid: number;
  width: number;
  height: number;
  stop(): Promise<void>;
}

export const XVFB_BIN = "Xvfb";

/** Whether Xvfb can be found on PATH. */
export function xvfbInstalled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? "").split(":").some((dir) => dir && existsSync(`${dir}/${XVFB_BIN}`));
}

/** The screens and games running now, so that a recorder that is stopped can stop them too. */
const running = new Set<ChildProcess>();
let stopsOnExit = false;

/**
 * Keeps `child` in the set of processes {@link stopTracked} stops, until it exits. The recorder's process stops them
 * whenever it exits, an uncaught error (say, a log written to a closed pipe) included: they would outlive it otherwise.
 */
export function track(child: ChildProcess): void {
  if (!stopsOnExit) {
    process.on("exit", stopTracked);
    stopsOnExit = true;
  }
  running.add(child);
  child.once("exit", () => running.delete(child));
}

/**
 * Kills every screen and game still running (a recorder being stopped). They keep nothing worth saving (the map
 * lives in memory), and a game whose clock runs slowed would take that many times longer to shut down politely.
 */
export function stopTracked(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Starts a virtual screen of `width` x `height` at 24 bits; rejects when Xvfb is missing or does not start. */
export async function startDisplay(width: number, height: number, timeoutMs = 20_000): Promise<VirtualDisplay> {
  const child = spawn(
    XVFB_BIN,
    ["-displayfd", "1", "-screen", "0", `${width}x${height}x24`, "-nolisten", "tcp", "-noreset"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  track(child);
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const number = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`Xvfb did not start in ${timeoutMs / 1000} s: ${log.trim().split("\n").slice(-3).join(" ")}`));
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb could not be started (Debian package xvfb): ${error.message}`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${log.trim().split("\n").slice(-3).join(" ")}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(\d+)\n/.exec(out);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolve(Number(match[1]));
      }
    });
  });
  return { name: `:${number}`, pid: child.pid as number, width, height, stop: () => stopChild(child) };
}
