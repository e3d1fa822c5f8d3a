import { createAdaptorServer } from "@hono/node-server";
import { LibraryNotBuiltError, liveLibrary } from "@reelsmith/library";
import { videoEncoder } from "@reelsmith/media";
import { createTtsProvider, KokoroTtsProvider, kokoroSettings, ttsProviderKind } from "@reelsmith/render";
import { createServerContext, defaultWebDist } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { loadEnv } from "./env.ts";
import { type EventBus, InProcessEventBus } from "./events/event-bus.ts";
import { PostgresEventBus } from "./events/postgres-event-bus.ts";
import { type FootageRecorder, footageStatus, startFootageRecorder } from "./lib/footage-recorder.ts";
import { createLogger } from "./lib/logger.ts";
import { sweepScratch } from "./lib/scratch.ts";
import { resolveAuthSecret } from "./lib/secret.ts";
import { ensurePreviews } from "./repositories/previews.repository.ts";

const COMMANDS = ["all", "serve", "work", "migrate", "previews"] as const;
type Command = (typeof COMMANDS)[number];

async function main(): Promise<void> {
  const command = (process.argv[2] ?? "all") as Command;
  if (!COMMANDS.includes(command)) {
    console.error(`Unknown command "${command}". Use one of: ${COMMANDS.join(", ")}.`);
    process.exit(2);
  }
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);

  const tts = createTtsProvider(process.env, { onWarning: (message) => logger.warn({ warning: message }, "voice") });
  const voice = ttsProviderKind(process.env);
  if (command === "previews") {
    // Caption-style pictures and voice clips for the builders; cached, so a second run is quick.
    await ensurePreviews(env.previewsDir, tts, (message) => logger.info(message));
    return;
  }

  if (env.REUSE_PORT && !env.DATABASE_URL) {
    logger.fatal("REUSE_PORT runs several processes on one port and needs DATABASE_URL (PostgreSQL).");
    process.exit(2);
  }
  if (command === "work" && !env.DATABASE_URL) {
    logger.fatal(
      "`work` runs render workers in their own process and needs DATABASE_URL (PostgreSQL). " +
        "On the embedded database, `npm start` runs the workers inside the app process.",
    );
    process.exit(2);
  }

  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.dataDir}` });
  logger.info({ driver: database.driver, dataDir: env.dataDir }, "database open");
  await database.migrate();
  logger.info("migrations applied");
  if (command === "migrate") {
    await database.close();
    return;
  }

  // The starter media library (built by setup): backgrounds, music, memes and style clips.
  // Live: clips recorded after start (see below) replace their drawn ones without a restart.
  let library: Awaited<ReturnType<typeof liveLibrary>>;
  try {
    library = await liveLibrary();
  } catch (error) {
    await database.close();
    if (error instanceof LibraryNotBuiltError) {
      logger.fatal(`${error.message} (npm start builds it on first run).`);
      process.exit(2);
    }
    throw error;
  }

  const publicOrigin = new URL(env.publicUrl).origin;
  const trustedOrigins = [
    publicOrigin,
    `http://localhost:${env.PORT}`,
    `http://127.0.0.1:${env.PORT}`,
    ...(env.NODE_ENV === "development" ? ["http://localhost:5173"] : []),
    ...env.TRUSTED_ORIGINS,
  ];
  if (database.driver === "postgres" && !env.AUTH_SECRET) {
    logger.warn("AUTH_SECRET is not set: every process sharing this database must use the same secret.");
  }
  // Several processes on one PostgreSQL share live events through LISTEN/NOTIFY; PGlite has one process.
  const events: EventBus =
    database.driver === "postgres" && database.url && database.pool
      ? await PostgresEventBus.connect(database.url, database.pool, logger)
      : new InProcessEventBus();
  const context = createServerContext(
    database,
    logger,
    {
      publicUrl: env.publicUrl,
      storage: env.storage,
      llm: env.LLM_BASE_URL
        ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL ?? "", vision: env.LLM_VISION }
        : undefined,
      aiRateLimit: { max: env.AI_RATE_LIMIT_MAX, windowSeconds: env.AI_RATE_LIMIT_WINDOW_S },
      apiKeyRateLimit: { max: env.API_KEY_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      webhooks: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE },
      ttsProvider: voice,
      signedUrlTtlSeconds: env.SIGNED_URL_TTL_S,
      authSecret: resolveAuthSecret(env.AUTH_SECRET, env.dataDir),
      trustedOrigins,
      authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_S },
      trustedProxyHops: env.trustedProxyHops,
      signupBonusDailyCap: env.SIGNUP_BONUS_DAILY_CAP,
      webDist: env.WEB_DIST ?? defaultWebDist(),
      smtp: env.smtp,
      contactRateLimit: { max: env.CONTACT_RATE_LIMIT_MAX, windowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_S },
      affiliateRewardCredits: env.AFFILIATE_REWARD_CREDITS,
      affiliateDailyRewards: env.AFFILIATE_DAILY_REWARDS,
      analytics: env.analytics,
      showcaseDir: env.showcaseDir,
      stripe: env.stripe,
      splitRenders: splitSettings(env),
    },
    {
      events,
      media: { library, tts, previewsDir: env.previewsDir, footage: () => footageStatus(library) },
      superviseIntervalSeconds: env.QUEUE_SUPERVISE_INTERVAL_S,
      renderHeartbeatSeconds: env.RENDER_HEARTBEAT_S,
    },
  );
  describeSetup({ env, logger, voice, tts, command, payments: context.payments.provider.name });
  // Scratch folders left by renders and uploads of a process that died (a crash, SIGKILL) go at start.
  const scratch = await sweepScratch();
  if (scratch.removed.length > 0) logger.info({ removed: scratch.removed }, "stale scratch folders removed");
  if (command !== "serve") {
    // The encoder renders use, tested in the background (renders wait for it), so the server starts without it.
    void videoEncoder().then(
      (selection) => {
        const tried = selection.tried.map((t) => `${t.encoder} ${t.usable ? "usable" : "not usable"}`).join(", ");
        logger.info(
          { encoder: selection.encoder, requested: selection.requested, tried: selection.tried },
          `video encoder: ${selection.encoder}${tried ? ` (${tried})` : ""}`,
        );
      },
      (error: unknown) => logger.error({ err: error }, "video encoder: the test encodes failed"),
    );
  }
  await context.queue.start({ work: command !== "serve", concurrency: env.WORKER_CONCURRENCY });
  logger.info({ jobs: context.queue.names, working: command !== "serve" }, "queue started");

  let server: ReturnType<typeof createAdaptorServer> | undefined;
  let recorder: FootageRecorder | undefined;
  if (command !== "work") {
    const http = createAdaptorServer({ fetch: context.app.fetch });
    server = http;
    http.listen({ port: env.PORT, host: env.HOST, reusePort: env.REUSE_PORT }, () => {
      logger.info(
        { url: env.publicUrl, port: env.PORT, reusePort: env.REUSE_PORT },
        `Reelsmith is running at ${env.publicUrl}`,
      );
      // Real gameplay is recorded after the app is up: it serves the drawn clips until each recording lands.
      if (command === "all" && env.RECORD_FOOTAGE === "auto") recorder = startFootageRecorder(library, logger);
    });
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      if (server) {
        // Event streams never end by themselves: end them, then let the other requests finish.
        context.closeStreams();
        await new Promise<void>((resolve) => {
          server?.close(() => resolve());
          // Idle keep-alive sockets would hold close() open.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
      }
      await recorder?.stop();
      library.close();
      await context.queue.stop();
      await events.close();
      context.mailer?.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Logs which voice, mail and payment setup this process runs with (and starts loading the Kokoro voice). */
function describeSetup(setup: {
  env: ReturnType<typeof loadEnv>;
  logger: ReturnType<typeof createLogger>;
  voice: ReturnType<typeof ttsProviderKind>;
  tts: ReturnType<typeof createTtsProvider>;
  command: Command;
  payments: string;
}): void {
  const { env, logger, voice, tts, command } = setup;
  if (voice === "kokoro" && command !== "serve" && tts instanceof KokoroTtsProvider) {
    logger.info({ voice, model: kokoroSettings(process.env).modelId }, "voice: Kokoro-82M in process");
    // Loaded now rather than by the first render; a copy that cannot be loaded leaves the offline voices speaking.
    tts
      .load()
      .catch((error: unknown) =>
        logger.warn({ err: error }, "voice: the Kokoro model could not be loaded; the offline voices speak instead"),
      );
  } else if (voice === "offline") {
    logger.info(
      { voice },
      "voice: the offline voices (festival, flite); npm start fetches the natural Kokoro voice once the model hub (or KOKORO_HUB_URL) can be reached, or set KOKORO_MODEL_DIR",
    );
  } else {
    logger.info({ voice }, `voice: ${voice}`);
  }
  if (!env.smtp) logger.info("SMTP is not configured: contact messages are kept in the outbox (contact_messages)");

  if (env.payments.mode === "stripe") {
    logger.info({ provider: setup.payments }, "payments: Stripe");
  } else {
    logger.warn(
      { provider: setup.payments, paymentsMode: "test", implied: env.payments.implied },
      env.payments.implied
        ? `payments: built-in test checkout, every purchase is simulated and free (PAYMENTS_MODE=test implied: ${env.NODE_ENV === "production" ? `served at ${env.publicUrl} only` : `NODE_ENV=${env.NODE_ENV}`})`
        : "payments: built-in test checkout, every purchase is simulated and free (PAYMENTS_MODE=test)",
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** Split renders: on PostgreSQL over 30 s unless RENDER_SPLIT_OVER_S says otherwise; off when it is 0. */
function splitSettings(env: { RENDER_SPLIT_OVER_S?: number; RENDER_SEGMENT_S: number; DATABASE_URL?: string }) {
  const overS = env.RENDER_SPLIT_OVER_S ?? (env.DATABASE_URL ? 30 : 0);
  return overS > 0 ? { overS, segmentS: env.RENDER_SEGMENT_S } : undefined;
}
