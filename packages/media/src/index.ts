export * from "./config.ts";
export * from "./errors.ts";
export * from "./input.ts";
export * from "./presets.ts";
export * from "./probe.ts";
export * from "./run.ts";
export * from "./screen.ts";
export * from "./uploads.ts";
