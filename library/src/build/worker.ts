/** A build worker thread: runs the jobs the main thread sends, one at a time. */
import { parentPort } from "node:worker_threads";
import type { AssetKind } from "../catalogue.ts";
import type { BuildModeName } from "../kit/video.ts";
import { runJob } from "./jobs.ts";

export interface JobMessage {
  id: number;
  kind: AssetKind;
  key: string;
  dir: string;
  mode: BuildModeName;
}

parentPort?.on("message", async (job: JobMessage) => {
  try {
    const started = performance.now();
    const asset = await runJob(job.kind, job.key, job.dir, job.mode);
    parentPort?.postMessage({ id: job.id, asset, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    parentPort?.postMessage({
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
