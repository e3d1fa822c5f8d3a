import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.spec.ts", "test/**/*.test.ts"],
    // Real ffmpeg processes on a busy 2-core machine (no timing is asserted).
    testTimeout: 120_000,
  },
});
