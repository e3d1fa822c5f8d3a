/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the pre-render build.
    noExternal: ["@reelsmith/core"],
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @reelsmith/core is pure data, rules and schemas: importing `messages` must not drag in zod.
        moduleSideEffects: (id) => !id.includes("/packages/core/src/"),
      },
    },
  },
  test: {
    environment: "jsdom",
    globals: false,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
    // Two-core CI machines run several jsdom workers at once; lazy route modules transform on first use.
    testTimeout: 20_000,
  },
});
