import { defineConfig } from "vitest/config";

// Drawing frames, synthesising music and probing media are CPU-bound; the machine may be busy.
export default defineConfig({
  test: { testTimeout: 120_000, hookTimeout: 900_000 },
});
