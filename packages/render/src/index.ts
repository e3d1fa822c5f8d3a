export * from "./canvas.ts";
