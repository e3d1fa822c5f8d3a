import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.spec.ts", "src/**/*.test.ts", "test/**/*.test.ts"],
    // Real renders: generous limits for a busy 2-core machine (no timing is asserted).
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
