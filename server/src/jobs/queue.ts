import { fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";

export interface JobOptions {
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds: number;
  /** Cron expression: the queue also runs on this schedule (UTC). */
  cron?: string;
}

export interface JobContext {
  jobId: string;
  logger: Logger;
  /** Which attempt this is (1 = first) and whether a failure now is the last one. */
  attempt: { number: number; final: boolean };
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

  constructor(database: DatabaseHandle, logger: Logger) {
    this.#logger = logger.child({ component: "queue" });
    this.#boss =
      database.driver === "pglite" && database.pglite
        ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", schema: "pgboss" })
        : new PgBoss({ connectionString: database.url ?? "", schema: "pgboss", max: 4 });
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
    for (const def of this.#definitions.values()) {
      const { cron, ...queueOptions } = def.options;
      await this.#boss.createQueue(def.name, queueOptions);
      await this.#boss.updateQueue(def.name, queueOptions);
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
              const retryCount = job.retryCount ?? 0;
              const attempt = { number: retryCount + 1, final: retryCount >= def.options.retryLimit };
              await def.handler(data, { jobId: job.id, logger, attempt });
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

  async send<S extends z.ZodType>(definition: JobDefinition<S>, data: z.input<S>): Promise<string | null> {
    const payload = definition.schema.parse(data) as object;
    return this.#boss.send(definition.name, payload);
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
