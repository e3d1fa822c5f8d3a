export * from "./common.ts";
export * from "./faceless.ts";
export * from "./green-screen.ts";
export * from "./reddit.ts";
export * from "./text-hook.ts";
export * from "./ugc-ads.ts";
