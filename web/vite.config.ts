/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Redoc (the /docs/api reference) draws its credit line with a logo fetched from its makers' CDN. A self-hosted
 * studio contacts no third party and its Content-Security-Policy would refuse the image, logging a violation on
 * every visit; an empty data: URL fails at once, and Redoc then leaves the image out (its own error handler).
 */
function redocWithoutRemoteLogo(): Plugin {
  const remote = "https://cdn.redoc.ly/redoc/logo-mini.svg";
  return {
    name: "redoc-without-remote-logo",
    transform(code, id) {
      if (!/[\\/]redoc[\\/]bundles[\\/]/.test(id) || !code.includes(remote)) return null;
      return { code: code.replaceAll(remote, "data:,"), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), redocWithoutRemoteLogo()],
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
