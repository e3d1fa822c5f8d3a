export * from "./auth.ts";
export * from "./billing.ts";
export * from "./credits.ts";
export * from "./files.ts";
export * from "./referrals.ts";
export * from "./videos.ts";
