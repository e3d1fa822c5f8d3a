/**
 * The API under load (npm run bench:api): the built server (server/dist/main.js) on loopback, a user with 100
 * videos (80 finished, 15 failed, 5 processing), and autocannon against four routes from the same server in the
 * same run: the video list, one video, the media catalogue and a static file, at 50 and 200 connections. Two
 * setups: the embedded default (PGlite, one process) and PostgreSQL with two API processes sharing the port
 * (REUSE_PORT). Prints requests/s and p50/p95/p99 from every response's own time, and the machine's load.
 *
 *   npm run bench:api [-- --duration 10 --setups embedded,postgres --connections 50,200 --routes list,video,catalog,static]
 *
 * PostgreSQL comes from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): a database of
 * its own is created and dropped. Everything listens on 127.0.0.1 and stops when the run ends.
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { generatedVideos, user } from "../src/db/schema/index.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const MAIN = path.join(ROOT, "server", "dist", "main.js");
const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    setups: { type: "string", default: "embedded,postgres" },
    connections: { type: "string", default: "50,200" },
    /** Only the routes whose label contains one of these words (e.g. `list,video`); default all four. */
    routes: { type: "string", default: "" },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = (args.connections ?? "").split(",").map(Number);
const PORT = 3990;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = crypto.randomBytes(24).toString("hex");

if (!fs.existsSync(MAIN)) {
  console.error("server/dist/main.js is missing: run npm run build first.");
  process.exit(2);
}

interface Row {
  setup: string;
  route: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx. */
  non2xx: number;
  /** Requests with no answer: timeouts (10 s) and connections reset. */
  errors: number;
}

function startServer(env: Record<string, string>, command: "all" | "serve"): ChildProcess {
  const child = spawn(process.execPath, [MAIN, command], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      AUTH_SECRET: SECRET,
      RECORD_FOOTAGE: "off",
      LOG_LEVEL: "warn",
      // The seeded "processing" videos have no job: the supervisor would fail them mid-run.
      QUEUE_SUPERVISE_INTERVAL_S: "3600",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  return child;
}

async function waitHealthy(timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become healthy");
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
}

/** Signs a user up; returns the session cookie. */
async function signUp(email: string): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: BASE, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-9", name: "Bench" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** 100 videos of the user: 80 finished, 15 failed (their upload gone, so each is checked for a retry), 5 processing. */
async function seed(handle: Awaited<ReturnType<typeof openDatabase>>, email: string): Promise<string> {
  const [owner] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!owner) throw new Error("the bench user is missing");
  const start = Date.now() - 100 * 60_000;
  const rows = Array.from({ length: 100 }, (_, i) => {
    const id = crypto.randomUUID();
    const status = i < 80 ? "finished" : i < 95 ? "error" : "processing";
    const input =
      status === "error"
        ? { audio_file_id: crypto.randomUUID(), video_style: "boiler-room", text_hook: `Hook ${i}` }
        : { username: "bench", post_title: `Story ${i}`, script: "A story.", caption_style: "minimal" };
    return {
      id,
      userId: owner.id,
      title: `Video ${i}`,
      type: status === "error" ? "text-hook" : "reddit",
      status,
      input,
      cost: 6,
      stage: status === "processing" ? "Rendering" : null,
      progress: status === "finished" ? 100 : 40,
      outputPath: status === "finished" ? `${owner.id}/videos/${id}.mp4` : null,
      thumbnailPath: status === "finished" ? `${owner.id}/videos/${id}.jpg` : null,
      durationS: status === "finished" ? 58.2 : null,
      errorMessage: status === "error" ? "The video could not be rendered." : null,
      errorRetryable: status === "error" ? true : null,
      createdAt: new Date(start + i * 60_000),
      finishedAt: status === "processing" ? null : new Date(start + i * 60_000 + 50_000),
    };
  });
  await handle.db.insert(generatedVideos).values(rows);
  return rows[0]?.id ?? "";
}

/** One autocannon run; latencies from every response, so any percentile is exact. */
async function load(url: string, connections: number, cookie: string): Promise<Omit<Row, "setup" | "route">> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: DURATION_S, headers: { cookie } }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, _status, _bytes, time) => times.push(time));
  });
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 10) / 10;
  return {
    connections,
    rps: Math.round(result.requests.average),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function staticFile(): Promise<string> {
  const dir = path.join(ROOT, "web", "dist", "assets");
  const js = fs.readdirSync(dir).find((f) => f.endsWith(".js"));
  return js ? `/assets/${js}` : "/";
}

async function measure(setup: string, cookie: string, videoId: string): Promise<Row[]> {
  const only = (args.routes ?? "").split(",").filter(Boolean);
  const routes = (
    [
      ["list", "GET /api/videos (24 of 100)", "/api/videos?group=all"],
      ["video", "GET /api/videos/:id", `/api/videos/${videoId}`],
      ["catalog", "GET /api/catalog", "/api/catalog"],
      ["static", "GET static file", await staticFile()],
    ] as const
  ).filter(([name]) => only.length === 0 || only.includes(name));
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    for (const [, route, url] of routes) {
      const row = { setup, route, ...(await load(`${BASE}${url}`, connections, cookie)) };
      console.error(`  ${setup} ${route} c=${connections}: ${row.rps} req/s, p95 ${row.p95} ms`);
      rows.push(row);
    }
  }
  return rows;
}

async function embedded(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const env = { DATA_DIR: dataDir };
  const email = "bench.embedded@example.com";
  let server = startServer(env, "all");
  try {
    await waitHealthy();
    const cookie = await signUp(email);
    await stop(server);
    const handle = await openDatabase({ dataDir });
    const videoId = await seed(handle, email);
    await handle.close();
    server = startServer(env, "all");
    await waitHealthy();
    return await measure("embedded (PGlite, 1 process)", cookie, videoId);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Row[]> {
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `reelsmith_bench_${crypto.randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const env = { DATABASE_URL: url.toString(), REUSE_PORT: "true", DATA_DIR: dataDir };
  const servers: ChildProcess[] = [];
  try {
    servers.push(startServer(env, "serve"));
    await waitHealthy();
    servers.push(startServer(env, "serve"));
    await new Promise((r) => setTimeout(r, 4000));
    const email = "bench.postgres@example.com";
    const cookie = await signUp(email);
    const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
    const videoId = await seed(handle, email);
    await handle.close();
    return await measure("PostgreSQL (2 API processes)", cookie, videoId);
  } finally {
    for (const server of servers) await stop(server);
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const before = os.loadavg();
const rows: Row[] = [];
const setups = (args.setups ?? "").split(",");
if (setups.includes("embedded")) rows.push(...(await embedded()));
if (setups.includes("postgres")) rows.push(...(await postgres()));
const after = os.loadavg();

console.log(
  `\nAPI under load: ${DURATION_S} s per run, ${os.cpus().length} cores, load average ${before[0]?.toFixed(2)} before, ${after[0]?.toFixed(2)} after\n`,
);
console.log("| setup | route | connections | req/s | p50 ms | p95 ms | p99 ms | non-2xx | no answer |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.setup} | ${r.route} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
  );
}
