/**
 * zod compiles fast object parsers with `new Function`, and probes for it on the first parse. The pages'
 * Content-Security-Policy allows no eval, so the probe was reported as a violation (even though zod
 * catches it and parses without): parse without compiling from the start. zod keeps its settings
 * (`config()` of zod/v4/core) on `globalThis.__zod_globalConfig`; setting them there keeps zod itself out
 * of the entry chunk. Imported first by the entry; zod-jitless.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
