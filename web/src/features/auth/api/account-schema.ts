export { accountSchema } from "@reelsmith/core";
