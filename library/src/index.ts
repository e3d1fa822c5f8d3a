export * from "./manifest.ts";
