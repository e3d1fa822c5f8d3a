/** Analyses a song's samples in a worker thread, so a long song never holds up the server's event loop. */
import { parentPort, workerData } from "node:worker_threads";
import { analyseSong } from "@reelsmith/core";

const { samples } = workerData as { samples: Float32Array };
parentPort?.postMessage(analyseSong(samples));
