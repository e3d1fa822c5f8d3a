export * from "./hostile-files.ts";
export * from "./screen-clips.ts";
