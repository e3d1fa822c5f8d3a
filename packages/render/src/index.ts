export * from "./canvas.ts";
export * from "./tts/index.ts";
