import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { type ServerType, serve } from "@hono/node-server";
import { messages, UPLOAD_MAX_BYTES } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../../src/lib/body-limit.ts";
import { createHarness, type Harness, json, ORIGIN } from "../harness.ts";
import { testMedia } from "../media.ts";

/**
 * Requests a hostile client can send without an account (or with one): bodies far too large, bodies
 * that never say how long they are, NUL characters, broken percent-encoding, and a health check that
 * must notice storage it cannot write.
 */

const reddit = (overrides: Record<string, unknown> = {}) => ({
  type: "reddit",
  input: {
    username: "Throw Away",
    post_title: "AITA for labelling my food?",
    script: "My roommate kept eating my lunch, so I did something about it.",
    caption_style: "modern-bold",
    background_video: "minecraft",
    ...overrides,
  },
});

/** A PNG data URL of about `bytes` bytes: a real signature and a 64 x 64 header, then padding. */
function pngDataUrl(bytes: number): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body), 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(64, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const picture = [chunk("IDAT", zlib.deflateSync(Buffer.alloc(64 * (1 + 64 * 3)))), chunk("IEND", Buffer.alloc(0))];
  // A real 64 x 64 picture, made `bytes` long by a text chunk (a large comment), so it decodes whole.
  const fixed = signature.length + 25 + picture.reduce((n, c) => n + c.length, 0) + 12 + "Comment\0".length;
  const comment = Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(Math.max(0, bytes - fixed), 0x78)]);
  const png = Buffer.concat([signature, chunk("IHDR", ihdr), chunk("tEXt", comment), ...picture]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** A stream of `total` bytes in 16 KB chunks: a body whose length is not announced. */
function unannouncedBody(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(16 * 1024, total - sent)).fill(0x20);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

let h: Harness;
let media: Awaited<ReturnType<typeof testMedia>>;
let cookie: string;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-hostile-web-"));
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Reelsmith</title>");
  media = await testMedia();
  h = await createHarness(
    "pglite",
    { webDist, createRateLimit: { max: 1000, windowSeconds: 60 } },
    { media, queue: { work: false } },
  );
  cookie = (await h.signUp("hostile@example.com")).cookie;
});
afterAll(async () => {
  await h.close();
});

describe("request bodies are bounded before anything parses them", () => {
  it("refuses an oversized anonymous sign-in with 413 in the app's error shape", async () => {
    const response = await h.request("/api/auth/sign-in/email", {
      method: "POST",
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(DEFAULT_BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
    const body = await json(response);
    expect(body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: messages.common.requestTooLarge });
    expect(body.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("counts the bytes of a body sent without a Content-Length", async () => {
    const response = await h.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: unannouncedBody(DEFAULT_BODY_LIMIT * 4),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses an oversized checkout body that used to be accepted", async () => {
    const response = await h.request("/api/billing/checkout", {
      method: "POST",
      cookie,
      body: JSON.stringify({ mode: "payment", quantity: 1, padding: "x".repeat(DEFAULT_BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
  });

  it("still reads a small body sent without a Content-Length", async () => {
    const text = JSON.stringify({ mode: "payment", quantity: 1 });
    const response = await h.request("/api/billing/checkout", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: new Blob([text]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(200);
  });

  it("lets an upload carry more than the default, up to the upload limit", async () => {
    const form = (bytes: number) => {
      const body = new FormData();
      body.set("type", "product-image");
      body.set("file", new Blob([Buffer.from(pngDataUrl(bytes).split(",")[1] ?? "", "base64")]), "big.png");
      return body;
    };
    const allowed = await h.request("/api/files", { method: "POST", cookie, body: form(DEFAULT_BODY_LIMIT * 4) });
    expect(allowed.status).not.toBe(413);
    const tooLarge = await h.request("/api/files", { method: "POST", cookie, body: form(UPLOAD_MAX_BYTES + 200_000) });
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: messages.files.tooLarge });
  });

  it("lets a new Reddit video carry its avatar, and no more than the avatar's limit", async () => {
    const created = await h.request("/api/videos", {
      method: "POST",
      cookie,
      body: JSON.stringify(reddit({ avatar_url: pngDataUrl(512 * 1024) })),
    });
    expect(created.status).toBe(201);
    const tooLarge = await h.request("/api/videos", {
      method: "POST",
      cookie,
      body: JSON.stringify(reddit({ avatar_url: pngDataUrl(UPLOAD_MAX_BYTES + 200_000) })),
    });
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: messages.reddit.avatarTooLarge });
  });

  it("gives provider webhooks room for a large event, within a bound", async () => {
    const event = (bytes: number) => JSON.stringify({ type: "invoice.paid", padding: "x".repeat(bytes) });
    const url = "/api/billing/webhooks/stripe";
    const large = await h.request(url, { method: "POST", body: event(512 * 1024) });
    expect(large.status).not.toBe(413);
    const tooLarge = await h.request(url, { method: "POST", body: event(2 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
  });
});

describe("a body larger than the default is read only for a signed-in user", () => {
  /** A body of `total` bytes that counts how much of it the server pulled. */
  function countedBody(head: string, total: number) {
    const counter = { pulled: 0 };
    const bytes = Buffer.from(head.padEnd(total, " "));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (counter.pulled >= bytes.length) {
          controller.close();
          return;
        }
        const chunk = bytes.subarray(counter.pulled, counter.pulled + 16 * 1024);
        counter.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return { counter, stream };
  }
  const avatarBody = JSON.stringify(reddit({ avatar_url: pngDataUrl(UPLOAD_MAX_BYTES) }));

  it.each([
    ["POST", "/api/videos", "application/json"],
    ["PATCH", "/api/account", "application/json"],
    ["POST", "/api/files?type=product-image", `multipart/form-data; boundary=x`],
    ["POST", "/api/files?type=background-video", `multipart/form-data; boundary=x`],
  ])("%s %s without a session answers 401 before reading the body", async (method, url) => {
    for (const announced of [true, false]) {
      const { counter, stream } = countedBody(avatarBody, avatarBody.length);
      const response = await h.request(url, {
        method,
        headers: {
          "content-type": url.includes("files") ? "multipart/form-data; boundary=x" : "application/json",
          ...(announced ? { "content-length": String(avatarBody.length) } : {}),
        },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status, `announced: ${announced}`).toBe(401);
      expect(await json(response)).toMatchObject({ code: "UNAUTHORIZED" });
      // At most what the stream had queued before anyone read: nothing was collected or parsed.
      expect(counter.pulled, `announced: ${announced}`).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT);
    }
  });

  it("still reads the same body for a signed-in user", async () => {
    const { counter, stream } = countedBody(avatarBody, avatarBody.length);
    const response = await h.request("/api/videos", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(counter.pulled).toBe(avatarBody.length);
  });

  it("answers an anonymous body over the default bound 413 on routes without a larger one", async () => {
    const { counter, stream } = countedBody(avatarBody, avatarBody.length);
    const response = await h.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT + 32 * 1024);
  });
});

describe("an early refusal closes the connection", () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      server = serve({ fetch: h.ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(info.port));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends `head` (and a little of the announced body) on one keep-alive socket; the raw answer and whether it closed. */
  function exchange(head: string): Promise<{ response: string; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let response = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        response += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve({ response, closed: true }));
      socket.write(head);
      socket.write(" ".repeat(1024));
    });
  }

  it("answers 413 with Connection: close and ends the socket, so the client does not reuse it", async () => {
    const { response, closed } = await exchange(
      [
        "POST /api/files HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${cookie}`,
        "Connection: keep-alive",
        "Content-Type: multipart/form-data; boundary=x",
        `Content-Length: ${UPLOAD_MAX_BYTES * 2}`,
        "",
        "",
      ].join("\r\n"),
    );
    const [head = ""] = response.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain("\r\nconnection: close");
    expect(closed).toBe(true);
    // A new connection is served as usual.
    const config = await fetch(`http://127.0.0.1:${port}/api/config`);
    expect(config.status).toBe(200);
  });

  it("lets a client that is still sending a chunked body read its 413", async () => {
    // The client sends 4 MB without reading, as a slow reader would, and reads the answer only then. A server
    // that closed at once would answer the bytes after its close with a reset, which discards the 413.
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const response = await new Promise<string>((resolve) => {
      let received = "";
      socket.setEncoding("latin1");
      socket.on("data", (data: string) => {
        received += data;
      });
      socket.on("error", () => resolve(received));
      socket.on("close", () => resolve(received));
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      for (let i = 0; i < 63; i += 1) socket.write(frame);
      socket.write(frame, () => socket.resume());
    });
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.toLowerCase()).toContain("\r\nconnection: close");
  });

  it("still hands a checked JSON body whole to the handler on a real connection", async () => {
    const signUp = (name: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email: `real.${name.length}@example.com`, password: "correct-horse-9", name }),
      });
    const refused = await signUp("Nul\u0000");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "VALIDATION_FAILED", message: messages.common.nulCharacter });
    const created = await signUp("Real Person");
    expect(created.status).toBe(200);
    expect((await json(created)).user).toMatchObject({ name: "Real Person" });
  });
});

describe("NUL characters are refused as invalid input, never a server error", () => {
  const nul = "\u0000";
  const refused = async (response: Response | Promise<Response>) => {
    const answered = await response;
    expect(answered.status).toBe(400);
    expect(await answered.json()).toMatchObject({ code: "VALIDATION_FAILED", message: messages.common.nulCharacter });
  };

  it("in a video's title and script", async () => {
    const body = (overrides: Record<string, unknown>) => ({
      method: "POST",
      cookie,
      body: JSON.stringify(reddit(overrides)),
    });
    await refused(h.request("/api/videos", body({ post_title: `AITA${nul}` })));
    await refused(h.request("/api/videos", body({ script: `Once upon${nul} a time.` })));
  });

  it("in a profile name, a sign-up name and the anonymous contact form", async () => {
    await refused(h.request("/api/account", { method: "PATCH", cookie, body: JSON.stringify({ name: `Ada${nul}` }) }));
    await refused(
      h.request("/api/auth/sign-up/email", {
        method: "POST",
        body: JSON.stringify({ email: "nul@example.com", password: "correct-horse-9", name: `Nul${nul}` }),
      }),
    );
    await refused(
      h.request("/api/contact", {
        method: "POST",
        body: JSON.stringify({
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          subject: "Hello",
          message: `A question${nul}`,
        }),
      }),
    );
  });

  it("in an object key and as a raw byte", async () => {
    await refused(h.request("/api/contact", { method: "POST", body: `{"first${"\\u0000"}Name":"Ada"}` }));
    await refused(h.request("/api/contact", { method: "POST", body: `{"firstName":"A${nul}da"}` }));
  });

  it("in a query string or a path", async () => {
    await refused(h.request("/api/videos?search=%00", { cookie }));
    await refused(h.request("/api/videos/%00", { cookie }));
    await refused(h.request("/%00"));
  });

  it("while the six characters \\u0000 typed as text are just text", async () => {
    const response = await h.request("/api/account", {
      method: "PATCH",
      cookie,
      body: JSON.stringify({ name: "Ada \\u0000 Lovelace" }),
    });
    expect(response.status).toBe(200);
    expect((await json(response)).user.name).toBe("Ada \\u0000 Lovelace");
  });
});

describe("malformed percent-encoding in a path is not found, never a server error", () => {
  it.each([
    "/%zz",
    "/assets/%E0%A4%A",
    "/api/media/%zz",
    "/api/library/files/%zz",
    "/api/videos/%zz",
    "/api/previews/voices/%zz",
  ])("%s", async (url) => {
    const response = await h.request(url, { cookie });
    expect(response.status).toBe(404);
  });
});

describe("health checks that storage can be written", () => {
  it("reports storage as ok and leaves no probe behind", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-health-"));
    const healthy = await createHarness("pglite", { storage: { driver: "local", root } }, { queue: { work: false } });
    try {
      const response = await healthy.request("/api/health");
      expect(response.status).toBe(200);
      expect(await json(response)).toMatchObject({ status: "ok", storage: { ok: true, driver: "local" } });
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      await healthy.close();
    }
  });

  it("answers 503 and names storage when it cannot be written", async () => {
    // Tests run as root, where permissions do not stop writes: a root under a regular file cannot exist.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-health-")), "not-a-directory");
    fs.writeFileSync(file, "");
    const broken = await createHarness(
      "pglite",
      { storage: { driver: "local", root: path.join(file, "storage") } },
      { queue: { work: false } },
    );
    try {
      const response = await broken.request("/api/health");
      expect(response.status).toBe(503);
      expect(await json(response)).toMatchObject({
        status: "degraded",
        database: { ok: true },
        queue: { ok: true },
        storage: { ok: false, driver: "local" },
      });
    } finally {
      await broken.close();
    }
  });
});
