import { availableParallelism } from "node:os";

/**
 * What each media process may use, by what it does. Every ffmpeg and ffprobe runs under a wall-clock
 * limit, an address-space limit and a watch for stalls (no CPU time and no bytes in or out for a while);
 * files from outside are read by `probe` and `decode` processes, which get the small memory limit.
 */
export type MediaProfile = "probe" | "decode" | "encode";

export interface ProfileLimits {
  timeoutMs: number;
  memoryBytes: number;
  stallMs: number;
}

export interface MediaConfig {
  ffmpeg: string;
  ffprobe: string;
  /** Media processes at once in this process; more wait for a slot. */
  maxProcesses: number;
  profiles: Record<MediaProfile, ProfileLimits>;
}

const MB = 1024 * 1024;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * An encode's address space by default: 4 GB, and 192 MB a core over 2 GB on machines of more than 10 cores. The
 * encoder's threads grow with the cores (x264 starts one and a half a core, each reserving about 50 MB), so the same
 * render needs more address space on a larger machine: a 30 s faceless video measured 2.7 GB on 2 cores and 3.7 GB with
 * the thread counts of 16.
 */
export function defaultEncodeMemoryMb(cores: number): number {
  return Math.max(4096, 2048 + 192 * Math.floor(cores));
}

/** The limits from the environment (read on every call, so a test or an operator may change them). */
export function mediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const untrusted = positive(env.MEDIA_MEMORY_MB, 1024) * MB;
  const encode = positive(env.MEDIA_ENCODE_MEMORY_MB, defaultEncodeMemoryMb(availableParallelism())) * MB;
  const stallMs = positive(env.MEDIA_STALL_S, 120) * 1000;
  return {
    ffmpeg: env.FFMPEG_PATH || "ffmpeg",
    ffprobe: env.FFPROBE_PATH || "ffprobe",
    maxProcesses: Math.floor(positive(env.MEDIA_MAX_PROCESSES, Math.max(4, 2 * availableParallelism()))),
    profiles: {
      probe: { timeoutMs: positive(env.MEDIA_PROBE_TIMEOUT_S, 60) * 1000, memoryBytes: untrusted, stallMs },
      decode: { timeoutMs: positive(env.MEDIA_DECODE_TIMEOUT_S, 600) * 1000, memoryBytes: untrusted, stallMs },
      encode: { timeoutMs: positive(env.MEDIA_ENCODE_TIMEOUT_S, 3600) * 1000, memoryBytes: encode, stallMs },
    },
  };
}
