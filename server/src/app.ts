import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  API_KEYS,
  type Health,
  type PublicConfig,
  renderPriorityOf,
  SIGNUP_BONUS_CREDITS,
  type VoiceProvider,
} from "@reelsmith/core";
import type { Library } from "@reelsmith/library";
import { loadTextCoverage, type TextCoverage, type TtsProvider } from "@reelsmith/render";
import { compress } from "hono/compress";
import pkg from "../package.json" with { type: "json" };
import { type Auth, createAuth } from "./auth/auth.ts";
import { acceptApiKeys, apiKeyGate, hasSession, whenSignedIn } from "./auth/session.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { AnalyticsSettings, SmtpSettings, StorageConfig, StripeEnv } from "./env.ts";
import { type EventBus, InProcessEventBus } from "./events/event-bus.ts";
import { billingRolloverJob } from "./jobs/billing-rollover.job.ts";
import { deliverWebhookJob } from "./jobs/deliver-webhook.job.ts";
import { housekeepingJob } from "./jobs/housekeeping.job.ts";
import { JobQueue } from "./jobs/queue.ts";
import { previewCleanupJob, renderPreviewJob } from "./jobs/render-preview.job.ts";
import { renderSegmentJob } from "./jobs/render-segment.job.ts";
import { lostRendersJob, renderVideoFailedJob, renderVideoJob } from "./jobs/render-video.job.ts";
import { sendContactEmailJob } from "./jobs/send-contact-email.job.ts";
import { createApp } from "./lib/create-app.ts";
import { pageCsp } from "./lib/csp.ts";
import { renderIndexHtml } from "./lib/html.ts";
import type { Logger } from "./lib/logger.ts";
import { originCheck } from "./lib/origin-check.ts";
import { RateLimiter } from "./lib/rate-limit.ts";
import { SignInGuard } from "./lib/sign-in-guard.ts";
import { serveSpa } from "./lib/spa.ts";
import { AccountRepository } from "./repositories/account.repository.ts";
import { ApiKeysRepository } from "./repositories/api-keys.repository.ts";
import { BatchesRepository } from "./repositories/batches.repository.ts";
import { BillingRepository } from "./repositories/billing.repository.ts";
import { ContactRepository } from "./repositories/contact.repository.ts";
import { CreditsRepository } from "./repositories/credits.repository.ts";
import { EngineRenderer } from "./repositories/engine-renderer.ts";
import { FilesRepository } from "./repositories/files.repository.ts";
import { FfmpegModelPhotos, type LlmConfig, OpenAiCompatibleLlm } from "./repositories/llm.repository.ts";
import { type Mailer, SmtpMailer } from "./repositories/mailer.ts";
import type { PaymentProvider } from "./repositories/payments/payment-provider.ts";
import { StripePaymentProvider } from "./repositories/payments/stripe-provider.ts";
import { TestPaymentProvider } from "./repositories/payments/test-provider.ts";
import { DiskPreviews, previewDirs } from "./repositories/previews.repository.ts";
import { ReferralRepository } from "./repositories/referral.repository.ts";
import { SessionRepository } from "./repositories/session.repository.ts";
import { ShowcaseRepository } from "./repositories/showcase.repository.ts";
import { SignupBonusRepository } from "./repositories/signup-bonus.repository.ts";
import { SplitRenderer, type SplitSettings } from "./repositories/split-renderer.ts";
import { LocalStorage } from "./repositories/storage/local-storage.ts";
import type { ObjectStorage } from "./repositories/storage/object-storage.ts";
import { S3Storage } from "./repositories/storage/s3-storage.ts";
import { UrlSigner } from "./repositories/storage/url-signer.ts";
import { ScratchUploadChecker } from "./repositories/upload-scratch.ts";
import { VideoPreviewsRepository } from "./repositories/video-previews.repository.ts";
import { VideosRepository } from "./repositories/videos.repository.ts";
import { WebhooksRepository } from "./repositories/webhooks.repository.ts";
import { accountRoutes } from "./routes/account/account.handlers.ts";
import { affiliateRoutes } from "./routes/affiliate/affiliate.handlers.ts";
import { aiRoutes } from "./routes/ai/ai.handlers.ts";
import { apiKeysRoutes } from "./routes/api-keys/api-keys.handlers.ts";
import { authRoutes } from "./routes/auth/auth.handlers.ts";
import { batchesRoutes } from "./routes/batches/batches.handlers.ts";
import { billingRoutes } from "./routes/billing/billing.handlers.ts";
import { catalogRoutes } from "./routes/catalog/catalog.handlers.ts";
import { contactRoutes } from "./routes/contact/contact.handlers.ts";
import { creditsRoutes } from "./routes/credits/credits.handlers.ts";
import { eventsRoutes } from "./routes/events/events.handlers.ts";
import { filesRoutes } from "./routes/files/files.handlers.ts";
import { healthRoutes } from "./routes/health/health.handlers.ts";
import { MCP_PATH, mcpRoutes } from "./routes/mcp/mcp.handlers.ts";
import { mediaRoutes } from "./routes/media/media.handlers.ts";
import { siteRoutes } from "./routes/site/site.handlers.ts";
import { previewsRoutes } from "./routes/video-previews/video-previews.handlers.ts";
import { videosRoutes } from "./routes/videos/videos.handlers.ts";
import { webhooksRoutes } from "./routes/webhooks/webhooks.handlers.ts";
import { AccountService } from "./services/account.service.ts";
import { ApiKeysService } from "./services/api-keys.service.ts";
import { BatchesService } from "./services/batches.service.ts";
import { BillingService } from "./services/billing/billing.service.ts";
import { CatalogService } from "./services/catalog.service.ts";
import { ContactService } from "./services/contact.service.ts";
import { CreditsService } from "./services/credits.service.ts";
import { FilesService } from "./services/files.service.ts";
import { type PreviewRenderer, PreviewService } from "./services/preview.service.ts";
import { PriceCatalog, testPriceIds } from "./services/price-catalog.ts";
import { ReferralService } from "./services/referral.service.ts";
import { RenderService, type VideoRenderer } from "./services/render.service.ts";
import { SignupBonusService } from "./services/signup-bonus.service.ts";
import { VideosService } from "./services/videos.service.ts";
import { type WebhookEmitter, WebhooksService } from "./services/webhooks.service.ts";
import { WritingService } from "./services/writing.service.ts";

export interface ServerConfig {
  publicUrl: string;
  /** An OpenAI-compatible chat API for scripts, captions and ad copy; absent means AI writing is off. */
  llm?: LlmConfig | undefined;
  aiRateLimit?: { max: number; windowSeconds: number };
  createRateLimit?: { max: number; windowSeconds: number };
  /**
   * Outgoing webhooks: `allowPrivate` lets endpoints on private, loopback or link-local addresses be called (tests, a
   * closed network); `retryDelaySeconds` is the first retry's delay (default 20, doubling each time).
   */
  webhooks?: { allowPrivate?: boolean; retryDelaySeconds?: number };
  /** Requests per API key in each window; default core's API_KEYS.perMinute a minute. */
  apiKeyRateLimit?: { max: number; windowSeconds: number };
  /** Split renders of long videos across the queue's workers; omitted: every render is one process. */
  splitRenders?: SplitSettings | undefined;
  /** Free previews per user in any hour (default core's PREVIEW.perHour). */
  previewsPerHour?: number;
  /** Which voice engine renders speech (shown to screens and on /api/health). */
  ttsProvider?: VoiceProvider;
  storage: StorageConfig;
  /** Where uploads are copied while they are checked (default: the system's temporary folder). */
  uploadScratchDir?: string;
  signedUrlTtlSeconds: number;
  authSecret: string;
  trustedOrigins: string[];
  authRateLimit: { max: number; windowSeconds: number };
  /** Reverse proxies that append to X-Forwarded-For in front of the server (0: the socket peer is the client). */
  trustedProxyHops?: number;
  /**
   * Sign-in attempts per account (e-mail) and client address in each window that do not end signed in;
   * default 10 per 15 minutes. From addresses the account never signed in from, 10 times as many in all.
   */
  signInFailureLimit?: { max: number; windowSeconds: number };
  /** Sign-up bonuses per client address per UTC day; default core's SIGNUP_BONUS_DAILY_CAP. */
  signupBonusDailyCap?: number;
  /** Built SPA directory; omitted means the API only. */
  webDist?: string | undefined;
  /** Stripe settings; omitted means the built-in test checkout. */
  stripe?: StripeEnv | undefined;
  /** The clock billing and credit rules read (tests move it). */
  clock?: () => Date;
  /** SMTP for contact messages; omitted keeps them in the outbox. */
  smtp?: SmtpSettings | undefined;
  /** Contact messages allowed per client address and per sender e-mail in each window. */
  contactRateLimit?: { max: number; windowSeconds: number };
  /** Credits a referrer earns when an account made through their link first pays; default 20. */
  affiliateRewardCredits?: number;
  /** Referral rewards per referrer and UTC day; default 5. */
  affiliateDailyRewards?: number;
  analytics?: AnalyticsSettings;
  /** Where `npm run showcase` writes the landing page's clips. */
  showcaseDir?: string;
}

export interface ServerContext {
  app: ReturnType<typeof createApp>;
  auth: Auth;
  queue: JobQueue;
  events: EventBus;
  storage: ObjectStorage;
  services: {
    accounts: AccountService;
    credits: CreditsService;
    signupBonus: SignupBonusService;
    referrals: ReferralService;
    billing: BillingService;
    files: FilesService;
    writing: WritingService;
    contact: ContactService;
    videos?: VideosService;
    render?: RenderService;
    previews?: PreviewService;
  };
  repositories: {
    accounts: AccountRepository;
    billing: BillingRepository;
    credits: CreditsRepository;
    sessions: SessionRepository;
    files: FilesRepository;
    videos: VideosRepository;
    contact: ContactRepository;
    showcase: ShowcaseRepository;
  };
  payments: { provider: PaymentProvider; prices: PriceCatalog };
  mailer: Mailer | undefined;
  /**
   * Ends every open event stream (shutdown): they live as long as a tab is open and would otherwise hold the
   * HTTP server's close open. Browsers reconnect on their own, to whichever process still serves.
   */
  closeStreams: () => void;
}

export const version: string = pkg.version;

/**
 * What making videos needs: the starter library, a voice provider and where the previews are. The renderer
 * defaults to the render engine; tests of the bookkeeping around it may bring their own.
 */
export interface MediaParts {
  library: Library;
  tts: TtsProvider;
  previewsDir: string;
  renderer?: VideoRenderer;
  /** What makes the free previews (default: the render engine). */
  previewRenderer?: PreviewRenderer;
  /** The recorded footage's progress for /api/health. */
  footage?: () => Promise<Health["footage"]>;
}

/** The composition root: repositories -> services -> routes, the queue and its jobs. */
export function createServerContext(
  database: DatabaseHandle,
  logger: Logger,
  config: ServerConfig,
  infrastructure: {
    events?: EventBus;
    media?: MediaParts;
    /** pg-boss supervision interval (heartbeat checks); tests shorten it. */
    superviseIntervalSeconds?: number;
    renderHeartbeatSeconds?: number;
  } = {},
): ServerContext {
  const events = infrastructure.events ?? new InProcessEventBus();
  const repositories = {
    accounts: new AccountRepository(database.db),
    billing: new BillingRepository(database.db),
    credits: new CreditsRepository(database.db),
    sessions: new SessionRepository(database.db),
    files: new FilesRepository(database.db),
    videos: new VideosRepository(database.db),
    contact: new ContactRepository(database.db),
    showcase: new ShowcaseRepository(config.showcaseDir ?? path.resolve("data/showcase")),
  };
  const signer = new UrlSigner(config.authSecret);
  const storage: ObjectStorage =
    config.storage.driver === "s3" ? new S3Storage(config.storage) : new LocalStorage(config.storage.root, signer);
  const files = new FilesService(repositories.files, storage, logger, {
    urlTtlSeconds: config.signedUrlTtlSeconds,
    checker: new ScratchUploadChecker(config.uploadScratchDir),
    inUse: (userId, fileId) => repositories.videos.usesFile(userId, fileId),
  });
  const writing = new WritingService(config.llm ? new OpenAiCompatibleLlm(config.llm) : undefined, logger, {
    find: (userId, fileId) => files.get(userId, fileId),
    read: new FfmpegModelPhotos(storage),
  });
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
  const provider: PaymentProvider = stripe ?? new TestPaymentProvider();
  const credits = new CreditsService(
    repositories.credits,
    events,
    clock,
    repositories.accounts,
    prices.priceIdsByPlan(),
  );
  const mailer = config.smtp ? new SmtpMailer(config.smtp) : undefined;
  const signupBonus = new SignupBonusService(new SignupBonusRepository(database.db), credits, logger, {
    verifyEmail: Boolean(mailer),
    dailyCap: config.signupBonusDailyCap,
    clock,
  });
  const accounts = new AccountService(repositories.accounts, credits, prices.priceIdsByPlan(), signupBonus);
  const referrals = new ReferralService(new ReferralRepository(database.db), credits, logger, {
    publicUrl: config.publicUrl,
    rewardCredits: config.affiliateRewardCredits ?? 20,
    dailyRewards: config.affiliateDailyRewards,
    requireVerifiedEmail: Boolean(mailer),
    clock,
  });
  const billing = new BillingService({
    referrals,
    billing: repositories.billing,
    credits,
    provider,
    stripe,
    prices,
    events,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger: logger.child({ component: "billing" }),
    clock,
  });

  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger,
    emailVerification: mailer
      ? {
          send: async (to, url) => {
            await mailer.send({
              from: mailer.from,
              to: to.email,
              subject: "Confirm your e-mail for Reelsmith",
              text: confirmationMail(to.name, url),
            });
          },
          confirmed: (user) => signupBonus.settle(user),
        }
      : undefined,
  });
  // Without e-mail confirmation the free credits come with the account's first authenticated request.
  whenSignedIn(auth, (user) => signupBonus.settle(user));
  const apiKeys = personalApiKeys(auth, database, config, clock);

  const queue = new JobQueue(database, logger, { superviseIntervalSeconds: infrastructure.superviseIntervalSeconds });
  queue.register(housekeepingJob(repositories.sessions));
  const webhooks = outgoingWebhooks(database, queue, logger, config, clock);
  const media = infrastructure.media;
  const { videos, render, catalog, previews } = media
    ? createVideoServices({
        media,
        database,
        repositories,
        credits,
        storage,
        queue,
        events,
        logger,
        config,
        accounts,
        webhooks,
        renderHeartbeatSeconds: infrastructure.renderHeartbeatSeconds,
      })
    : { videos: undefined, render: undefined, catalog: undefined, previews: undefined };
  queue.register(billingRolloverJob(billing, clock));
  const contact = contactMessages(repositories.contact, queue, logger, config, mailer);

  const publicConfig: PublicConfig = {
    publicUrl: config.publicUrl,
    payments: { mode: provider.name },
    analytics: config.analytics ?? { pixel: null, web: null },
  };

  const { app, closeStreams } = createHttpApp({
    logger,
    config,
    database,
    queue,
    storage,
    media,
    repositories,
    auth,
    signupBonus,
    referrals,
    accounts,
    events,
    credits,
    files,
    catalog,
    videos,
    previews,
    writing,
    signer,
    billing,
    contact,
    apiKeys,
    webhooks,
    publicConfig,
  });

  return {
    app,
    auth,
    queue,
    events,
    storage,
    services: { accounts, credits, signupBonus, referrals, billing, files, writing, contact, videos, render, previews },
    repositories,
    payments: { provider, prices },
    closeStreams,
    mailer,
  };
}

/** Making videos: the catalogue, the render service and its jobs, and the videos service (with a library only). */
function createVideoServices(parts: {
  media: MediaParts;
  database: DatabaseHandle;
  repositories: ServerContext["repositories"];
  credits: CreditsService;
  storage: ObjectStorage;
  queue: JobQueue;
  events: EventBus;
  logger: Logger;
  config: ServerConfig;
  accounts: AccountService;
  webhooks: WebhookEmitter;
  renderHeartbeatSeconds: number | undefined;
}): { videos: VideosService; render: RenderService; catalog: CatalogService; previews: PreviewService } {
  const { media, database, repositories, credits, storage, queue, events, logger, config, accounts } = parts;
  const catalog = new CatalogService(media.library, new DiskPreviews(previewDirs(media.previewsDir)));
  const split = config.splitRenders
    ? new SplitRenderer(storage, queue, media.library.dir, config.splitRenders)
    : undefined;
  const engine = new EngineRenderer(media.library, storage, repositories.files, media.tts, split);
  if (split) queue.register(renderSegmentJob(split, { heartbeatSeconds: parts.renderHeartbeatSeconds }));
  const render = new RenderService(
    database.db,
    repositories.videos,
    credits,
    storage,
    events,
    media.renderer ?? engine,
    logger,
    parts.webhooks,
  );
  const videos = new VideosService(
    database.db,
    repositories.videos,
    repositories.files,
    credits,
    storage,
    queue,
    events,
    catalog,
    logger,
    {
      urlTtlSeconds: config.signedUrlTtlSeconds,
      renderPriority: async (userId) => renderPriorityOf(await accounts.currentPlan(userId)),
      webhooks: parts.webhooks,
      textCoverage: sharedTextCoverage,
    },
  );
  queue.register(renderVideoFailedJob(render));
  queue.register(renderVideoJob(render, { heartbeatSeconds: parts.renderHeartbeatSeconds }));
  queue.register(lostRendersJob(render));
  const previews = new PreviewService(
    database.db,
    new VideoPreviewsRepository(database.db),
    storage,
    queue,
    videos,
    media.previewRenderer ?? engine,
    logger.child({ component: "previews" }),
    { urlTtlSeconds: config.signedUrlTtlSeconds, perHour: config.previewsPerHour },
  );
  queue.register(renderPreviewJob(previews));
  queue.register(previewCleanupJob(previews));
  return { videos, render, catalog, previews };
}

/** What the HTTP side is made from: the parts the composition root made before it. */
interface HttpParts {
  logger: Logger;
  config: ServerConfig;
  database: DatabaseHandle;
  queue: JobQueue;
  storage: ObjectStorage;
  media: MediaParts | undefined;
  repositories: ServerContext["repositories"];
  auth: Auth;
  signupBonus: SignupBonusService;
  referrals: ReferralService;
  accounts: AccountService;
  events: EventBus;
  credits: CreditsService;
  files: FilesService;
  catalog: CatalogService | undefined;
  videos: VideosService | undefined;
  previews: PreviewService | undefined;
  writing: WritingService;
  signer: UrlSigner;
  billing: BillingService;
  contact: ContactService;
  apiKeys: ApiKeysService;
  webhooks: WebhooksService;
  publicConfig: PublicConfig;
}

/** Contact messages and the job that e-mails them. */
function contactMessages(
  repository: ContactRepository,
  queue: JobQueue,
  logger: Logger,
  config: ServerConfig,
  mailer: Mailer | undefined,
): ContactService {
  const limit = config.contactRateLimit ?? { max: 5, windowSeconds: 3600 };
  const contact: ContactService = new ContactService(repository, {
    mailer,
    limiter: new RateLimiter(limit.max, limit.windowSeconds * 1000),
    enqueue: (messageId) => queue.send(job, { messageId }),
    logger: logger.child({ component: "contact" }),
  });
  const job = sendContactEmailJob(contact);
  queue.register(job);
  return contact;
}

/** Outgoing webhooks and the job that delivers them. */
function outgoingWebhooks(
  database: DatabaseHandle,
  queue: JobQueue,
  logger: Logger,
  config: ServerConfig,
  clock: () => Date,
): WebhooksService {
  const webhooks: WebhooksService = new WebhooksService(
    new WebhooksRepository(database.db),
    logger.child({ component: "webhooks" }),
    {
      enqueue: (deliveryId) => queue.send(job, { deliveryId }),
      allowPrivate: config.webhooks?.allowPrivate ?? false,
      clock,
    },
  );
  const job = deliverWebhookJob(webhooks, { retryDelaySeconds: config.webhooks?.retryDelaySeconds });
  queue.register(job);
  return webhooks;
}

/** Personal API keys, and every request with one known by them (limited per key). */
function personalApiKeys(
  auth: Auth,
  database: DatabaseHandle,
  config: ServerConfig,
  clock: () => Date,
): ApiKeysService {
  const apiKeys = new ApiKeysService(new ApiKeysRepository(database.db), clock);
  const limit = config.apiKeyRateLimit ?? { max: API_KEYS.perMinute, windowSeconds: 60 };
  acceptApiKeys(auth, {
    authenticate: (key) => apiKeys.authenticate(key),
    limiter: new RateLimiter(limit.max, limit.windowSeconds * 1000),
  });
  return apiKeys;
}

/** The HTTP side of the composition root: middleware, every route, the OpenAPI document and the web app. */
function createHttpApp(parts: HttpParts): { app: ServerContext["app"]; closeStreams: () => void } {
  const {
    logger,
    config,
    database,
    queue,
    storage,
    media,
    repositories,
    auth,
    signupBonus,
    referrals,
    accounts,
    events,
    credits,
    files,
    catalog,
    videos,
    previews,
    writing,
    signer,
    billing,
    contact,
    apiKeys,
    webhooks,
    publicConfig,
  } = parts;
  const app = createApp(logger, {
    https: config.publicUrl.startsWith("https:"),
    signedIn: (c) => hasSession(auth, c),
  });
  // Cross-site POST/PUT/PATCH/DELETE are refused; Stripe's webhook authenticates by signature instead.
  app.use("*", originCheck({ trustedOrigins: config.trustedOrigins, exempt: ["/api/billing/webhooks/stripe"] }));
  // A request with an API key meets it first: refused before any body is read when the key is wrong, over its rate,
  // short of the scope or sent where only a session may go (managing keys, better-auth's own endpoints).
  app.use("/api/*", apiKeyGate(auth, { sessionOnly: ["/api/api-keys", "/api/auth"], scopedByRoute: [MCP_PATH] }));
  app.use("*", compress());
  app.route(
    "/",
    healthRoutes({
      database,
      queue,
      storage,
      version,
      voice: config.ttsProvider,
      footage: media?.footage,
    }),
  );
  const signInFailures = config.signInFailureLimit ?? { max: 10, windowSeconds: 15 * 60 };
  app.route(
    "/",
    authRoutes({
      auth,
      limiter: new RateLimiter(config.authRateLimit.max, config.authRateLimit.windowSeconds * 1000),
      signInGuard: new SignInGuard(signInFailures),
      accounts: repositories.accounts,
      signupBonus,
      referrals,
      trustedProxyHops: config.trustedProxyHops ?? 0,
      logger: logger.child({ component: "auth" }),
    }),
  );
  app.route("/", accountRoutes({ auth, accounts }));
  app.route("/", apiKeysRoutes({ auth, apiKeys }));
  app.route("/", webhooksRoutes({ auth, webhooks }));
  const streams = new AbortController();
  app.route("/", eventsRoutes({ auth, events, credits, closing: streams.signal }));
  app.route("/", filesRoutes({ auth, files }));
  if (media && catalog) {
    app.route(
      "/",
      catalogRoutes({
        catalog,
        libraryDir: media.library.dir,
        previews: previewDirs(media.previewsDir),
        textCoverage: sharedTextCoverage,
      }),
    );
  }
  const batches = videos
    ? new BatchesService(
        new BatchesRepository(database.db),
        videos,
        storage,
        logger.child({ component: "batches" }),
        writing.enabled ? (words, limits, from, to) => writing.translate(words, limits, from, to) : undefined,
      )
    : undefined;
  if (videos && batches) {
    const createLimit = config.createRateLimit ?? { max: 30, windowSeconds: 600 };
    const createLimiter = new RateLimiter(createLimit.max, createLimit.windowSeconds * 1000);
    app.route("/", videosRoutes({ auth, videos, batches, createLimiter }));
    app.route("/", batchesRoutes({ auth, batches, createLimiter }));
  }
  if (previews) app.route("/", previewsRoutes({ auth, previews }));
  if (videos && catalog) {
    app.route("/", mcpRoutes({ auth, catalog, credits, files, videos, batches, publicUrl: config.publicUrl, version }));
  }
  const aiLimit = config.aiRateLimit ?? { max: 20, windowSeconds: 600 };
  app.route(
    "/",
    aiRoutes({
      auth,
      writing,
      limiter: new RateLimiter(aiLimit.max, aiLimit.windowSeconds * 1000),
      capabilities: () => ({
        ai: { enabled: writing.enabled, model: writing.model, vision: writing.vision },
        tts: { provider: config.ttsProvider ?? "offline" },
        storage: storage.driver,
      }),
    }),
  );
  if (storage instanceof LocalStorage) app.route("/", mediaRoutes({ storage, signer }));
  app.route("/", creditsRoutes({ auth, credits }));
  app.route("/", affiliateRoutes({ auth, referrals }));
  app.route("/", billingRoutes({ auth, billing }));
  app.route("/", contactRoutes({ contact, trustedProxyHops: config.trustedProxyHops ?? 0 }));
  app.route("/", siteRoutes({ config: publicConfig, showcase: repositories.showcase }));
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Reelsmith API",
      version,
      description:
        "The Reelsmith web studio's HTTP API. Sign-up, sign-in and sign-out are better-auth's endpoints under " +
        "/api/auth/* (not listed here); errors answer the `Error` shape with the status the operation lists.",
    },
    servers: [{ url: config.publicUrl }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API key (`rsk_...`, made in Settings > API keys): `Authorization: Bearer <key>`. It acts as the " +
      "user who made it, within its scopes: `read` for GET operations, `create` for everything else.",
  });
  if (config.webDist) {
    const cspSources = {
      scriptUrls: [publicConfig.analytics.web?.scriptUrl, publicConfig.analytics.pixel?.scriptUrl].filter(
        (url): url is string => Boolean(url),
      ),
      mediaOrigins: storage instanceof S3Storage ? [storage.origin] : [],
    };
    serveSpa(app, config.webDist, (template, pathname) => renderIndexHtml(template, pathname, publicConfig), {
      contentSecurityPolicy: (nonce) => pageCsp(nonce, cspSources),
    });
  }

  return { app, closeStreams: () => streams.abort() };
}

/** The confirmation e-mail sent after sign-up when SMTP is configured. */
function confirmationMail(name: string, url: string): string {
  const greeting = name.trim() ? `Hi ${name.trim().split(/\s+/)[0]},` : "Hi,";
  return [
    greeting,
    "",
    `Open this link to confirm your e-mail address. Your ${SIGNUP_BONUS_CREDITS} free credits are added as soon as you do:`,
    "",
    url,
    "",
    "The link works for 3 days. If you did not sign up for Reelsmith, ignore this e-mail.",
  ].join("\n");
}

export function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
}

/**
 * What the fonts of this machine can draw: the check before charging and the builders' hint both read it. Read on
 * first use and kept for the process (the fonts change only with the machine); a failed read is tried again.
 */
const sharedTextCoverage = textCoverageOnce();

function textCoverageOnce(): () => Promise<TextCoverage> {
  let loading: Promise<TextCoverage> | undefined;
  return () => {
    loading ??= loadTextCoverage().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
