import { z } from "zod";

/**
 * What the server tells the web app at start (embedded in index.html and at GET /api/config):
 * its public address, how payments are taken and the analytics ids, all off by default.
 */
export const publicConfigSchema = z.object({
  publicUrl: z.string(),
  /** How purchases are paid: `test` is the built-in checkout (simulated, free), shown with a banner. */
  payments: z.object({ mode: z.enum(["test", "stripe"]) }),
  analytics: z.object({
    /** Ad pixel (fbq-style command queue): page views and InitiateCheckout events. */
    pixel: z.object({ id: z.string(), scriptUrl: z.string() }).nullable(),
    /** Web analytics script (Plausible-style `data-domain`), loaded on start when set. */
    web: z.object({ scriptUrl: z.string(), domain: z.string() }).nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
