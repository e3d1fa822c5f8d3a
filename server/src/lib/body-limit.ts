import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import {
  AVATAR_MAX_DATA_URL_LENGTH,
  BATCHES,
  batchMessages,
  messages,
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
} from "@reelsmith/core";
import type { Context, MiddlewareHandler } from "hono";
import { bearerKey } from "./bearer.ts";
import { AppError } from "./errors.ts";
import type { AppBindings } from "./types.ts";

/** What any request body may weigh unless its route is listed in `BODY_LIMITS`: JSON and forms are small. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Room for the multipart framing around an upload of the maximum size. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export interface BodyLimitRule {
  method: string;
  /** The route's exact path. */
  path: string;
  /** Only when this query parameter has this value (a rule with one is tried before the path's plain rule). */
  query?: { name: string; value: string };
  maxBytes: number;
  /** Why it was refused, in the user's words. */
  message: string;
  /**
   * Only a signed-in user may send more than the default: a request without a session is answered 401
   * before a byte of its body is read.
   */
  signedIn?: boolean;
  /**
   * The route reads its body as a stream (an upload): a body without a Content-Length is counted as it is
   * read and fails with the 413 once it passes the bound, instead of being collected in memory first.
   */
  streamed?: boolean;
}

/** Characters of base64 for `bytes` bytes. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** The routes that accept more than the default, each with its own bound. */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  // A multipart upload of at most UPLOAD_MAX_BYTES (the file route also counts the file's own bytes).
  {
    method: "POST",
    path: "/api/files",
    maxBytes: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
    message: messages.files.tooLarge,
    signedIn: true,
    streamed: true,
  },
  // Kinds that may be larger (own background footage, a green-screen clip: 100 MB) name themselves in the
  // query, as the web app sends them.
  ...Object.values(UPLOAD_KINDS)
    .filter((kind) => kind.maxBytes > UPLOAD_MAX_BYTES)
    .map(
      (kind): BodyLimitRule => ({
        method: "POST",
        path: "/api/files",
        query: { name: "type", value: kind.type },
        maxBytes: kind.maxBytes + MULTIPART_OVERHEAD,
        message: kind.messages.tooLarge,
        signedIn: true,
        streamed: true,
      }),
    ),
  // A Reddit video carries its avatar as a data URL of an image of at most UPLOAD_MAX_BYTES.
  {
    method: "POST",
    path: "/api/videos",
    maxBytes: base64Length(UPLOAD_MAX_BYTES) + DEFAULT_BODY_LIMIT,
    message: messages.reddit.avatarTooLarge,
    signedIn: true,
  },
  // An MCP call may carry a file of at most UPLOAD_MAX_BYTES as base64 (upload_file), for API keys only.
  {
    method: "POST",
    path: "/api/mcp",
    maxBytes: base64Length(UPLOAD_MAX_BYTES) + DEFAULT_BODY_LIMIT,
    message: messages.apiKeys.mcpUploadTooLarge,
    signedIn: true,
  },
  // A batch carries its file's text (at most BATCHES.maxChars characters, escaped inside JSON).
  ...["/api/batches", "/api/batches/check"].map(
    (path): BodyLimitRule => ({
      method: "POST",
      path,
      maxBytes: BATCHES.maxChars * 2 + DEFAULT_BODY_LIMIT,
      message: batchMessages.tooLarge,
      signedIn: true,
    }),
  ),
  // A profile carries its (already resized) avatar as a data URL.
  {
    method: "PATCH",
    path: "/api/account",
    maxBytes: AVATAR_MAX_DATA_URL_LENGTH + DEFAULT_BODY_LIMIT,
    message: messages.settings.avatarTooLarge,
    signedIn: true,
  },
  // Stripe's events are a few KB; some (invoices with many lines) are larger.
  {
    method: "POST",
    path: "/api/billing/webhooks/stripe",
    maxBytes: 1024 * 1024,
    message: messages.common.requestTooLarge,
  },
];

/** Whether a request carries a valid session (read without touching its body). */
export type SignedInCheck = (c: Context<AppBindings>) => Promise<boolean>;

/** The declared length of a body that says how long it is (and is not chunked), else null. */
function declaredLength(request: Request): number | null {
  if (request.headers.has("transfer-encoding") || !request.headers.has("content-length")) return null;
  const length = Number.parseInt(request.headers.get("content-length") ?? "", 10);
  return Number.isFinite(length) ? length : null;
}

/** A body that broke off while it was read (the client went away) is the client's fault, never a 500. */
const incomplete = (error: unknown) =>
  error instanceof AppError
    ? error
    : new AppError("VALIDATION_FAILED", messages.common.requestIncomplete, { cause: String(error) });

/**
 * At most `maxSize` bytes. A declared Content-Length over it is refused at once; a body without one is
 * collected (up to the bound, so a JSON body can be parsed) or, `streamed`, counted as the route reads it.
 */
export function bodyBound(maxSize: number, message: string, streamed = false): MiddlewareHandler<AppBindings> {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", message);
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = declaredLength(c.req.raw);
    if (declared !== null) {
      if (declared > maxSize) throw tooLarge();
      return next();
    }
    if (streamed) {
      let size = 0;
      const counted = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            size += chunk.byteLength;
            if (size > maxSize) controller.error(tooLarge());
            else controller.enqueue(chunk);
          },
        }),
      );
      c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
      return next();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxSize) throw tooLarge();
        chunks.push(value);
      }
    } catch (error) {
      throw incomplete(error);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/**
 * Bounds every request body before anything reads it: a declared Content-Length over the route's limit
 * is refused at once, and a body without one (chunked) is counted as it streams in and refused as soon
 * as it passes the limit. The answer is 413 `PAYLOAD_TOO_LARGE`. A route whose larger bound is for
 * signed-in users only answers a request without a session 401 before reading its body, so an anonymous
 * client can make the server hold no more than the default.
 */
export function limitBodies(
  rules: readonly BodyLimitRule[] = BODY_LIMITS,
  defaultBytes: number = DEFAULT_BODY_LIMIT,
  signedIn?: SignedInCheck,
): MiddlewareHandler<AppBindings> {
  const limiter = (rule: BodyLimitRule) => {
    const bound = bodyBound(rule.maxBytes, rule.message, rule.streamed);
    if (!rule.signedIn || !signedIn) return bound;
    const gated: MiddlewareHandler<AppBindings> = async (c, next) => {
      if (!(await signedIn(c))) {
        // A request with an API key hears what the key gate says of a key that does not open the API.
        const withKey = bearerKey(c.req.header("authorization")) !== undefined;
        throw new AppError("UNAUTHORIZED", withKey ? messages.apiKeys.invalid : messages.auth.unauthorized);
      }
      return bound(c, next);
    };
    return gated;
  };
  const plain = rules.filter((rule) => !rule.query);
  const byRoute = new Map(plain.map((rule) => [`${rule.method} ${rule.path}`, limiter(rule)]));
  const byQuery = rules.flatMap((rule) =>
    rule.query ? [{ route: `${rule.method} ${rule.path}`, query: rule.query, limit: limiter(rule) }] : [],
  );
  const fallback = bodyBound(defaultBytes, messages.common.requestTooLarge);
  return (c, next) => {
    // GET and HEAD carry no body here (the node server gives them none).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const route = `${c.req.method} ${c.req.path}`;
    const special = byQuery.find((rule) => rule.route === route && c.req.query(rule.query.name) === rule.query.value);
    return (special?.limit ?? byRoute.get(route) ?? fallback)(c, next);
  };
}

/**
 * An answer given before the client finished sending its body (a 413, a refusal before an upload is
 * read) says `Connection: close`. The server stops reading that body, so the connection cannot carry a
 * next request; without the header a keep-alive client would send its next request on a dead socket.
 */
export function closeUnfinishedBodies(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const unfinished = incoming ? incoming.complete === false : false;
    if (c.res.status !== 413 && !unfinished) return;
    if (incoming && unfinished) lingerBeforeClosing(incoming);
    try {
      c.res.headers.set("Connection", "close");
    } catch {
      // A response with immutable headers (a fetched one) is copied first.
      const copy = new Response(c.res.body, c.res);
      copy.headers.set("Connection", "close");
      c.res = copy;
    }
  };
}

/** How long, and for how many more bytes, a refused client may keep sending before its socket is dropped. */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;
const lingering = new WeakSet<Socket>();

/**
 * Closing a socket while the client is still sending makes the kernel answer its next bytes with a reset,
 * which can throw away the answer before the client reads it. So our side ends after the answer (a
 * half-close) and the rest of the body is read and dropped, until the client closes or a bound passes.
 */
function lingerBeforeClosing(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  // Nobody reads this body any more: whoever was reading it (and holding it paused) lets go.
  incoming.removeAllListeners("data");
  incoming.removeAllListeners("readable");
  let received = 0;
  let closing = false;
  const drop = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  let timer: NodeJS.Timeout | undefined;
  incoming.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (closing && received > LINGER_BYTES) drop();
  });
  incoming.resume();
  socket.destroySoon = () => {
    if (closing) return;
    closing = true;
    timer = setTimeout(drop, LINGER_MS);
    timer.unref();
    socket.once("end", drop);
    socket.once("close", () => clearTimeout(timer));
    socket.end();
  };
}
