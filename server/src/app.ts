import path from "node:path";
import { fileURLToPath } from "node:url";
import { compress } from "hono/compress";
import pkg from "../package.json" with { type: "json" };
import { type Auth, createAuth } from "./auth/auth.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { StripeEnv } from "./env.ts";
import { type EventBus, InProcessEventBus } from "./events/event-bus.ts";
import { billingRolloverJob } from "./jobs/billing-rollover.job.ts";
import { housekeepingJob } from "./jobs/housekeeping.job.ts";
import { JobQueue } from "./jobs/queue.ts";
import { createApp } from "./lib/create-app.ts";
import type { Logger } from "./lib/logger.ts";
import { RateLimiter } from "./lib/rate-limit.ts";
import { serveSpa } from "./lib/spa.ts";
import { AccountRepository } from "./repositories/account.repository.ts";
import { BillingRepository } from "./repositories/billing.repository.ts";
import { CreditsRepository } from "./repositories/credits.repository.ts";
import type { PaymentProvider } from "./repositories/payments/payment-provider.ts";
import { StripePaymentProvider } from "./repositories/payments/stripe-provider.ts";
import { TestPaymentProvider } from "./repositories/payments/test-provider.ts";
import { SessionRepository } from "./repositories/session.repository.ts";
import { accountRoutes } from "./routes/account/account.handlers.ts";
import { authRoutes } from "./routes/auth/auth.handlers.ts";
import { billingRoutes } from "./routes/billing/billing.handlers.ts";
import { creditsRoutes } from "./routes/credits/credits.handlers.ts";
import { eventsRoutes } from "./routes/events/events.handlers.ts";
import { healthRoutes } from "./routes/health/health.handlers.ts";
import { AccountService } from "./services/account.service.ts";
import { BillingService } from "./services/billing.service.ts";
import { CreditsService } from "./services/credits.service.ts";
import { PriceCatalog, testPriceIds } from "./services/price-catalog.ts";

export interface ServerConfig {
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  authRateLimit: { max: number; windowSeconds: number };
  trustProxy: boolean;
  /** Built SPA directory; omitted means the API only. */
  webDist?: string | undefined;
  /** Stripe settings; omitted means the built-in test checkout. */
  stripe?: StripeEnv | undefined;
  /** The clock billing and credit rules read (tests move it). */
  clock?: () => Date;
}

export interface ServerContext {
  app: ReturnType<typeof createApp>;
  auth: Auth;
  queue: JobQueue;
  events: EventBus;
  services: { accounts: AccountService; credits: CreditsService; billing: BillingService };
  repositories: {
    accounts: AccountRepository;
    billing: BillingRepository;
    credits: CreditsRepository;
    sessions: SessionRepository;
  };
  payments: { provider: PaymentProvider; prices: PriceCatalog };
}

export const version: string = pkg.version;

/** The composition root: repositories -> services -> routes, the queue and its jobs. */
export function createServerContext(
  database: DatabaseHandle,
  logger: Logger,
  config: ServerConfig,
  infrastructure: { events?: EventBus } = {},
): ServerContext {
  const events = infrastructure.events ?? new InProcessEventBus();
  const repositories = {
    accounts: new AccountRepository(database.db),
    billing: new BillingRepository(database.db),
    credits: new CreditsRepository(database.db),
    sessions: new SessionRepository(database.db),
  };
  const clock = config.clock ?? (() => new Date());
  const prices = new PriceCatalog(config.stripe ? config.stripe.prices : testPriceIds());
  const stripe = config.stripe
    ? new StripePaymentProvider({
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        apiBase: config.stripe.apiBase,
        promotionCodes: config.stripe.promotionCodes,
      })
    : undefined;
  const provider: PaymentProvider = stripe ?? new TestPaymentProvider(config.publicUrl);
  const credits = new CreditsService(repositories.credits, events, clock, repositories.accounts);
  const accounts = new AccountService(repositories.accounts, credits, prices.priceIdsByPlan());
  const billing = new BillingService({
    billing: repositories.billing,
    credits,
    provider,
    stripe,
    prices,
    events,
    publicUrl: config.publicUrl,
    logger: logger.child({ component: "billing" }),
    clock,
  });

  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger,
    onUserCreated: async (userId) => {
      await credits.grantSignupBonus(userId);
    },
  });

  const queue = new JobQueue(database, logger);
  queue.register(housekeepingJob(repositories.sessions));
  queue.register(billingRolloverJob(billing, clock));

  const app = createApp(logger, { https: config.publicUrl.startsWith("https:") });
  app.use("*", compress());
  app.route("/", healthRoutes({ database, queue, version }));
  app.route(
    "/",
    authRoutes({
      auth,
      limiter: new RateLimiter(config.authRateLimit.max, config.authRateLimit.windowSeconds * 1000),
      accounts: repositories.accounts,
      trustProxy: config.trustProxy,
    }),
  );
  app.route("/", accountRoutes({ auth, accounts }));
  app.route("/", eventsRoutes({ auth, events, credits }));
  app.route("/", creditsRoutes({ auth, credits }));
  app.route("/", billingRoutes({ auth, billing }));
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Reelsmith API", version, description: "The Reelsmith web studio's HTTP API." },
    servers: [{ url: config.publicUrl }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
  });
  if (config.webDist) serveSpa(app, config.webDist);

  return {
    app,
    auth,
    queue,
    events,
    services: { accounts, credits, billing },
    repositories,
    payments: { provider, prices },
  };
}

export function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
}
