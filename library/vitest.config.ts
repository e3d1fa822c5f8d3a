import { configDefaults, defineConfig } from "vitest/config";

// Drawing frames, synthesising music and probing media are CPU-bound; the machine may be busy.
// `test/scenes.spec.ts` records every Minetest scene (1-3 min each): `npm run test:scenes`, not part of `npm test`.
export const timeouts = { testTimeout: 120_000, hookTimeout: 900_000 };

export default defineConfig({
  test: { ...timeouts, exclude: [...configDefaults.exclude, "test/scenes.spec.ts"] },
});
