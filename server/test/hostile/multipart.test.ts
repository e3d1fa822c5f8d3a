import fs from "node:fs";
import net from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, json, ORIGIN } from "../harness.ts";
import { testMedia } from "../media.ts";
import { makeMediaFixtures } from "../media-fixtures.ts";

/**
 * Upload bodies cut short or malformed, sent to `POST /api/files` by a signed-in client: the answer is a
 * 4xx in the app's error shape (never a 5xx), nothing is stored, and the process keeps serving. A body cut
 * before its closing boundary used to make the multipart parser fail the file's stream after the
 * handler had stopped listening, and that unhandled stream `error` ended the whole process.
 */

const fixtures = makeMediaFixtures();
const png = fs.readFileSync(fixtures.png);
const mp3 = fs.readFileSync(fixtures.mp3);
const mp4 = fs.readFileSync(fixtures.mp4);
/** A PNG signature and header followed by 200 KB: more than one read of the stream, so it is cut mid-storage. */
const bigPng = Buffer.concat([png, Buffer.alloc(200 * 1024, 0x41)]);

const B = "reelsmithboundary";
const part = (headers: string[], content: Buffer | string) =>
  Buffer.concat([Buffer.from(`--${B}\r\n${headers.join("\r\n")}\r\n\r\n`), Buffer.from(content), Buffer.from("\r\n")]);
const field = (name: string, value: string) => part([`Content-Disposition: form-data; name="${name}"`], value);
const fileHead = (name: string) =>
  Buffer.from(
    `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
const closing = Buffer.from(`--${B}--\r\n`);

/** Multipart bodies that never arrive whole or are not well formed. */
const BODIES: Record<string, Buffer> = {
  "a file part cut in its headers": Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filena`),
  "a file part cut after its headers": fileHead("a.png"),
  "a picture cut before the closing boundary": Buffer.concat([fileHead("a.png"), png]),
  "a large picture cut before the closing boundary": Buffer.concat([fileHead("a.png"), bigPng]),
  "a song cut before the closing boundary": Buffer.concat([fileHead("a.mp3"), mp3]),
  "a clip cut before the closing boundary": Buffer.concat([fileHead("a.mp4"), mp4]),
  "a type field, then a file cut short": Buffer.concat([field("type", "product-image"), fileHead("a.png"), png]),
  "a field cut in its value": Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="type"\r\n\r\nproduct-im`),
  "a malformed part header": Buffer.concat([Buffer.from(`--${B}\r\nnot a header line\r\n\r\n`), png, closing]),
  "a part header line without end": Buffer.concat([Buffer.from(`--${B}\r\nX: ${"y".repeat(20_000)}`)]),
  "a closing boundary and no part": closing,
  "only a preamble": Buffer.from("this is no multipart body"),
  "a file, then a second part cut short": Buffer.concat([
    part(['Content-Disposition: form-data; name="file"; filename="a.png"'], png),
    fileHead("b.png"),
    png,
  ]),
  "nothing at all": Buffer.alloc(0),
};

const QUERIES = [
  "",
  "?type=product-image",
  "?type=audio-file",
  "?type=green-screen",
  "?type=background-video",
  "?type=voice-over",
  "?type=bogus",
];

let h: Harness;
let cookie: string;

beforeAll(async () => {
  h = await createHarness("pglite", {}, { media: await testMedia(), queue: { work: false } });
  cookie = (await h.signUp("multipart@example.com")).cookie;
});
afterAll(async () => {
  await h.close();
});

async function expectCleanRefusal(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBeGreaterThanOrEqual(400);
  expect(response.status, what).toBeLessThan(500);
  const body = await json(response);
  expect(body, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(body.requestId, what).toBe(response.headers.get("x-request-id"));
}

describe("a truncated or malformed upload body is refused with a 4xx, in process", () => {
  it.each(Object.entries(BODIES))("%s", async (name, body) => {
    for (const query of QUERIES) {
      const response = await h.request(`/api/files${query}`, {
        method: "POST",
        cookie,
        headers: { "content-type": `multipart/form-data; boundary=${B}` },
        body: new Uint8Array(body),
      });
      await expectCleanRefusal(response, `${name} to /api/files${query}`);
    }
    // Nothing was stored.
    expect((await json(h.request("/api/files", { cookie }))).items).toEqual([]);
  });
});

describe("on a real connection", () => {
  let server: ServerType;
  let port: number;
  /** Errors nobody handled while this suite ran: each would have ended a real server process. */
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => {
    uncaught.push(error);
  };
  beforeAll(async () => {
    process.on("uncaughtException", onUncaught);
    port = await new Promise<number>((resolve) => {
      server = serve({ fetch: h.ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(info.port));
    });
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * Sends an upload's head and `body` on one socket (`Connection: close`); `announced` bytes are declared,
   * so a shorter body is a client that stopped sending. Then the client waits for the answer, half-closes,
   * or (`abort`) drops the connection. Answers what came back.
   */
  function send(query: string, body: Buffer, announced: number, end: "wait" | "half-close" | "abort"): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let response = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        response += chunk;
      });
      socket.on("error", () => resolve(response));
      socket.on("close", () => resolve(response));
      socket.write(
        [
          `POST /api/files${query} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Origin: ${ORIGIN}`,
          `Cookie: ${cookie}`,
          `Content-Type: multipart/form-data; boundary=${B}`,
          `Content-Length: ${announced}`,
          "Connection: close",
          "",
          "",
        ].join("\r\n"),
      );
      socket.write(body, () => {
        if (end === "abort") setImmediate(() => socket.destroy());
        else if (end === "half-close") socket.end();
      });
    });
  }

  it("answers a complete body cut before its closing boundary with a 4xx and keeps serving", async () => {
    for (const [name, body] of Object.entries(BODIES)) {
      for (const query of QUERIES) {
        const response = await send(query, body, body.length, "wait");
        const status = Number(response.match(/^HTTP\/1\.1 (\d{3}) /)?.[1]);
        expect(status, `${name} to /api/files${query}: ${response.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(status, `${name} to /api/files${query}: ${response.slice(0, 300)}`).toBeLessThan(500);
      }
    }
    expect(uncaught).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
  });

  it("survives clients that stop sending mid-body, with or without closing the connection", async () => {
    for (const [name, body] of Object.entries(BODIES)) {
      if (body.length === 0) continue;
      for (const query of QUERIES) {
        for (const end of ["half-close", "abort"] as const) {
          // Announces more than it sends: the request itself never completes.
          const response = await send(query, body, body.length + 4096, end);
          const status = Number(response.match(/^HTTP\/1\.1 (\d{3}) /)?.[1]);
          if (response) expect(status, `${name} to ${query} (${end}): ${response.slice(0, 300)}`).toBeLessThan(500);
        }
      }
    }
    // The server has finished with every dropped socket before we look.
    const connections = () => new Promise<number>((resolve) => server.getConnections((_, n) => resolve(n)));
    await expect.poll(connections, { timeout: 30_000 }).toBe(0);
    expect(uncaught).toEqual([]);
    const health = await fetch(`http://127.0.0.1:${port}/api/config`);
    expect(health.status).toBe(200);
    expect((await json(h.request("/api/files", { cookie }))).items).toEqual([]);
  });
});
