import { defineConfig } from "vitest/config";
import { timeouts } from "./vitest.config.ts";

// Every recorded scene (`npm run test:scenes`): one quick recording each, one at a time (each drives the CPU).
export default defineConfig({
  test: { ...timeouts, include: ["test/scenes.spec.ts"], fileParallelism: false },
});
