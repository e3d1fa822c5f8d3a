import { fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { DatabaseHandle } from "../db/client.ts";
import { rawClientOf, type Tx } from "../db/tx.ts";
import { type Logger, logSerializers } from "../lib/logger.ts";

export interface JobOptions {
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds: number;
  /** Workers refresh a running job this often (automatically); a job whose worker died is failed after it. */
  heartbeatSeconds?: number;
  /** Queue that receives a job once it has finally failed (after its last retry, by error, expiry or heartbeat). */
  deadLetter?: string;
  /** Cron expression: the queue also runs on this schedule (UTC). */
  cron?: string;
}

export interface JobContext {
  jobId: string;
  logger: Logger;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True when a failure now is final (no retry follows). */
  finalAttempt: boolean;
  /** Aborted when the job's claim is gone (expired, cancelled, heartbeat lost) or the worker stops. */
  signal: AbortSignal;
}

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  options: JobOptions;
  handler: (data: z.infer<S>, context: JobContext) => Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface QueueOptions {
  /** Run the job handlers in this process. */
  work: boolean;
  concurrency: number;
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss on the application's own database, with jobs registered by typed name. Payloads are
 * validated by the job's zod schema both when sent and when worked.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #logger: Logger;
  readonly #definitions = new Map<string, JobDefinition<z.ZodType>>();
  #started = false;

  constructor(database: DatabaseHandle, logger: Logger, options: { superviseIntervalSeconds?: number } = {}) {
    this.#logger = logger.child({ component: "queue" }, { serializers: logSerializers });
    // Supervision fails jobs whose worker stopped sending heartbeats (a killed process) and expires others.
    const supervise = {
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
      monitorIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    };
    this.#boss =
      database.driver === "pglite" && database.pglite
        ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", schema: "pgboss", ...supervise })
        : new PgBoss({ connectionString: database.url ?? "", schema: "pgboss", max: 4, ...supervise });
    this.#boss.on("error", (error) => this.#logger.error({ err: error }, "queue error"));
  }

  register<S extends z.ZodType>(definition: JobDefinition<S>): this {
    if (this.#started) throw new Error(`Register job ${definition.name} before the queue starts`);
    this.#definitions.set(definition.name, definition as unknown as JobDefinition<z.ZodType>);
    return this;
  }

  get names(): string[] {
    return [...this.#definitions.keys()];
  }

  async start(options: QueueOptions): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    // A dead-letter queue must exist before the queue that names it: create those first.
    const deadLetters = new Set([...this.#definitions.values()].map((d) => d.options.deadLetter).filter(Boolean));
    const ordered = [...this.#definitions.values()].sort(
      (a, b) => Number(deadLetters.has(b.name)) - Number(deadLetters.has(a.name)),
    );
    for (const def of ordered) {
      const { cron, ...queueOptions } = def.options;
      await this.#boss.createQueue(def.name, queueOptions);
      await this.#boss.updateQueue(def.name, queueOptions);
      // Load the queue into pg-boss's cache now. A send inside a transaction would otherwise look the
      // queue up on another connection, which on PGlite (one connection) waits for that transaction.
      await this.#boss.getJobById(def.name, "00000000-0000-0000-0000-000000000000");
      if (cron) await this.#boss.schedule(def.name, cron, {}, { tz: "UTC" });
      if (options.work) await this.#work(def, options);
    }
  }

  async #work(def: JobDefinition<z.ZodType>, options: QueueOptions): Promise<void> {
    for (let i = 0; i < options.concurrency; i += 1) {
      await this.#boss.work(
        def.name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) {
            const logger = this.#logger.child({ job: def.name, jobId: job.id });
            const data = def.schema.parse(job.data ?? {});
            const started = performance.now();
            try {
              await def.handler(data, {
                jobId: job.id,
                logger,
                retryCount: job.retryCount,
                finalAttempt: job.retryCount >= def.options.retryLimit,
                signal: job.signal,
              });
              logger.info({ ms: Math.round(performance.now() - started) }, "job done");
            } catch (error) {
              logger.warn({ err: error }, "job failed");
              throw error;
            }
          }
        },
      );
    }
  }

  /**
   * Enqueues a job. With `tx` the job is written inside that transaction: it exists exactly when the
   * transaction commits. `singletonKey` refuses a second queued job with the same key.
   */
  async send<S extends z.ZodType>(
    definition: Pick<JobDefinition<S>, "name" | "schema">,
    data: z.input<S>,
    options: { tx?: Tx; singletonKey?: string; priority?: number } = {},
  ): Promise<string | null> {
    const payload = definition.schema.parse(data) as object;
    const db = options.tx
      ? (() => {
          const client = rawClientOf(options.tx);
          return { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
        })()
      : undefined;
    return this.#boss.send(definition.name, payload, {
      ...(db ? { db: db as never } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      // Higher first: workers take waiting jobs by priority, then by age.
      ...(options.priority ? { priority: options.priority } : {}),
    });
  }

  async job(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  async status(): Promise<{ ok: boolean; queues: number }> {
    if (!this.#started) return { ok: false, queues: 0 };
    const queues = await this.#boss.getQueues();
    return { ok: true, queues: queues.length };
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: 15_000, close: true });
  }
}
