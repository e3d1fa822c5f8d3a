/**
 * A local stand-in for a model hub, for tests: serves the files of repositories at `/{owner}/{name}/resolve/main/
 * {path}` the way the hub does (200 with the bytes, 404 "Entry not found" for a file the repository lacks). Listens
 * on 127.0.0.1 only and closes itself after `lifetimeMs`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeModelHub {
  /** The hub's base URL, for KOKORO_HUB_URL. */
  url: string;
  /** Every request received: path and the status answered. */
  requests: { path: string; status: number }[];
  /** Answers `status` for a file of a repository from now on (e.g. 404, 500). */
  fail(repo: string, file: string, status: number): void;
  close(): Promise<void>;
}

export async function startFakeModelHub(
  repos: Record<string, Record<string, Uint8Array | string>>,
  options: { lifetimeMs?: number } = {},
): Promise<FakeModelHub> {
  const requests: FakeModelHub["requests"] = [];
  const failures = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://hub").pathname);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(path);
    const file = match?.[1] && match[2] ? repos[match[1]]?.[match[2]] : undefined;
    const failure = match ? failures.get(`${match[1]}/${match[2]}`) : undefined;
    const status = req.method !== "GET" && req.method !== "HEAD" ? 405 : (failure ?? (file === undefined ? 404 : 200));
    requests.push({ path, status });
    if (status !== 200 || file === undefined) {
      res.writeHead(status, { "content-type": "text/plain", "x-error-code": "EntryNotFound" });
      res.end(status === 404 ? "Entry not found" : "error");
      return;
    }
    const body = typeof file === "string" ? Buffer.from(file) : Buffer.from(file);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(body.length) });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const lifetime = setTimeout(() => server.close(), options.lifetimeMs ?? 300_000);
  lifetime.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail(repo, file, status) {
      failures.set(`${repo}/${file}`, status);
    },
    async close() {
      clearTimeout(lifetime);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
