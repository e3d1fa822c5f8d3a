import { serve } from "@hono/node-server";
import { createServerContext, defaultWebDist } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { loadEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { resolveAuthSecret } from "./lib/secret.ts";

const COMMANDS = ["all", "serve", "work", "migrate"] as const;
type Command = (typeof COMMANDS)[number];

async function main(): Promise<void> {
  const command = (process.argv[2] ?? "all") as Command;
  if (!COMMANDS.includes(command)) {
    console.error(`Unknown command "${command}". Use one of: ${COMMANDS.join(", ")}.`);
    process.exit(2);
  }
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);

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
  const context = createServerContext(database, logger, {
    publicUrl: env.publicUrl,
    authSecret: resolveAuthSecret(env.AUTH_SECRET, env.dataDir),
    trustedOrigins,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_S },
    trustProxy: env.TRUST_PROXY,
    webDist: env.WEB_DIST ?? defaultWebDist(),
    smtp: env.smtp,
    contactRateLimit: { max: env.CONTACT_RATE_LIMIT_MAX, windowSeconds: env.CONTACT_RATE_LIMIT_WINDOW_S },
    analytics: env.analytics,
    showcaseDir: env.showcaseDir,
  });
  if (!env.smtp) logger.info("SMTP is not configured: contact messages are kept in the outbox (contact_messages)");

  await context.queue.start({ work: command !== "serve", concurrency: env.WORKER_CONCURRENCY });
  logger.info({ jobs: context.queue.names, working: command !== "serve" }, "queue started");

  let server: ReturnType<typeof serve> | undefined;
  if (command !== "work") {
    server = serve({ fetch: context.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
      logger.info({ url: env.publicUrl, port: info.port }, `Reelsmith is running at ${env.publicUrl}`);
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
        await new Promise<void>((resolve) => {
          server?.close(() => resolve());
          // Idle keep-alive sockets would hold close() open.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
      }
      await context.queue.stop();
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
