import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PublicConfig } from "@reelsmith/core";
import { compress } from "hono/compress";
import pkg from "../package.json" with { type: "json" };
import { type Auth, createAuth } from "./auth/auth.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { AnalyticsSettings, SmtpSettings } from "./env.ts";
import { housekeepingJob } from "./jobs/housekeeping.job.ts";
import { JobQueue } from "./jobs/queue.ts";
import { sendContactEmailJob } from "./jobs/send-contact-email.job.ts";
import { createApp } from "./lib/create-app.ts";
import { renderIndexHtml } from "./lib/html.ts";
import type { Logger } from "./lib/logger.ts";
import { RateLimiter } from "./lib/rate-limit.ts";
import { serveSpa } from "./lib/spa.ts";
import { AccountRepository } from "./repositories/account.repository.ts";
import { ContactRepository } from "./repositories/contact.repository.ts";
import { CreditsRepository } from "./repositories/credits.repository.ts";
import { type Mailer, SmtpMailer } from "./repositories/mailer.ts";
import { SessionRepository } from "./repositories/session.repository.ts";
import { ShowcaseRepository } from "./repositories/showcase.repository.ts";
import { accountRoutes } from "./routes/account/account.handlers.ts";
import { authRoutes } from "./routes/auth/auth.handlers.ts";
import { contactRoutes } from "./routes/contact/contact.handlers.ts";
import { healthRoutes } from "./routes/health/health.handlers.ts";
import { siteRoutes } from "./routes/site/site.handlers.ts";
import { AccountService } from "./services/account.service.ts";
import { ContactService } from "./services/contact.service.ts";
import { CreditsService } from "./services/credits.service.ts";

export interface ServerConfig {
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  authRateLimit: { max: number; windowSeconds: number };
  trustProxy: boolean;
  /** Built SPA directory; omitted means the API only. */
  webDist?: string | undefined;
  /** SMTP for contact messages; omitted keeps them in the outbox. */
  smtp?: SmtpSettings | undefined;
  /** Contact messages allowed per client address and per sender e-mail in each window. */
  contactRateLimit?: { max: number; windowSeconds: number };
  analytics?: AnalyticsSettings;
  /** Where `npm run showcase` writes the landing page's clips. */
  showcaseDir?: string;
}

export interface ServerContext {
  app: ReturnType<typeof createApp>;
  auth: Auth;
  queue: JobQueue;
  services: { accounts: AccountService; credits: CreditsService; contact: ContactService };
  repositories: {
    accounts: AccountRepository;
    credits: CreditsRepository;
    sessions: SessionRepository;
    contact: ContactRepository;
    showcase: ShowcaseRepository;
  };
  mailer: Mailer | undefined;
}

export const version: string = pkg.version;

/** The composition root: repositories -> services -> routes, the queue and its jobs. */
export function createServerContext(database: DatabaseHandle, logger: Logger, config: ServerConfig): ServerContext {
  const repositories = {
    accounts: new AccountRepository(database.db),
    credits: new CreditsRepository(database.db),
    sessions: new SessionRepository(database.db),
    contact: new ContactRepository(database.db),
    showcase: new ShowcaseRepository(config.showcaseDir ?? path.resolve("data/showcase")),
  };
  const credits = new CreditsService(repositories.credits);
  const accounts = new AccountService(repositories.accounts, credits);

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
  const mailer = config.smtp ? new SmtpMailer(config.smtp) : undefined;
  const contactLimit = config.contactRateLimit ?? { max: 5, windowSeconds: 3600 };
  const contact: ContactService = new ContactService(repositories.contact, {
    mailer,
    limiter: new RateLimiter(contactLimit.max, contactLimit.windowSeconds * 1000),
    enqueue: (messageId) => queue.send(contactJob, { messageId }),
    logger: logger.child({ component: "contact" }),
  });
  const contactJob = sendContactEmailJob(contact);
  queue.register(housekeepingJob(repositories.sessions));
  queue.register(contactJob);

  const publicConfig: PublicConfig = {
    publicUrl: config.publicUrl,
    analytics: config.analytics ?? { pixel: null, web: null },
  };

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
  app.route("/", contactRoutes({ contact, trustProxy: config.trustProxy }));
  app.route("/", siteRoutes({ config: publicConfig, showcase: repositories.showcase }));
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
  if (config.webDist) {
    serveSpa(app, config.webDist, (template, pathname) => renderIndexHtml(template, pathname, publicConfig));
  }

  return { app, auth, queue, services: { accounts, credits, contact }, repositories, mailer };
}

export function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
}
