import { pipeline, Readable } from "node:stream";
import { FILE_TYPES, type FileType, messages, uploadMaxBytes, uploadTooLargeMessage } from "@reelsmith/core";
import Busboy from "busboy";
import type { Context } from "hono";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { bodyBound } from "../../lib/body-limit.ts";
import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import type { FilesService } from "../../services/files.service.ts";
import { deleteFileRoute, listFilesRoute, uploadFileRoute } from "./files.routes.ts";

/** Room for the multipart framing around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

interface IncomingFile {
  filename: string;
  type: string | undefined;
  /**
   * The file's bytes, and after them the end of the form: it fails with a 400 when the body does not arrive
   * whole and well formed (cut before its closing boundary, a malformed part, a client that went away).
   */
  body: AsyncIterable<Buffer>;
  /** Lets go of the upload: what the client still sends is read and dropped. */
  discard(): void;
}

/** Why a multipart body that stopped or broke off is refused: the client's fault, never the server's. */
const incompleteUpload = (error: unknown) =>
  error instanceof AppError
    ? error
    : new AppError("VALIDATION_FAILED", messages.files.incomplete, { cause: String(error) });

/**
 * The first file of a multipart body, as a stream (never buffered whole). Form fields sent before it
 * (such as `type`) come with it.
 *
 * Every stream here has an `error` listener for its whole life: a body that breaks off after the handler
 * stopped reading (a refusal before the file was read, a client that went away) fails the parser and the
 * file's stream, and an `error` event nobody listens to ends the process.
 */
function firstFile(c: Context, maxBytes: number): Promise<IncomingFile> {
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers: Object.fromEntries(c.req.raw.headers),
        // Browsers send file names as raw UTF-8; busboy's default (latin1) turned "😀.png" into "ð\u009f\u0098\u0080.png".
        defParamCharset: "utf8",
        limits: { files: 1, fields: 10, fileSize: maxBytes + 1, fieldSize: 1024 },
      });
    } catch {
      reject(new AppError("VALIDATION_FAILED", messages.files.noFile));
      return;
    }
    const body = c.req.raw.body;
    if (!body) {
      reject(new AppError("VALIDATION_FAILED", messages.files.noFile));
      return;
    }
    // The whole form, read to its closing boundary: resolves when it ended well, else fails with a 400.
    const formDone = new Promise<void>((done, failed) => {
      busboy.on("error", (error) => failed(incompleteUpload(error)));
      busboy.on("close", () => done());
    });
    formDone.catch(() => {});
    const fields: Record<string, string> = {};
    let settled = false;
    busboy.on("field", (name, value) => {
      fields[name] = value;
    });
    busboy.on("file", (_name, stream, info) => {
      // The parser fails this stream with the body's own failure; whoever reads it sees that, nobody else must.
      stream.on("error", () => {});
      if (settled) {
        stream.resume();
        return;
      }
      settled = true;
      async function* fileBody(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of stream) yield chunk as Buffer;
        } catch (error) {
          throw incompleteUpload(error);
        }
        // The file's last byte is not the end: the form must still close properly.
        await formDone;
      }
      resolve({
        filename: info.filename ?? "upload",
        type: fields.type,
        body: fileBody(),
        discard: () => {
          stream.resume();
        },
      });
    });
    formDone.then(
      () => {
        if (!settled) {
          settled = true;
          reject(new AppError("VALIDATION_FAILED", messages.files.noFile));
        }
      },
      (error) => {
        if (!settled) {
          settled = true;
          reject(error);
        }
      },
    );
    // A source that fails (the client went away) fails the parser, which fails the file's stream.
    pipeline(Readable.fromWeb(body as never), busboy, () => {});
  });
}

/** The kind an upload names in its query, if it is one. */
function queryKind(c: Context): FileType | undefined {
  const type = c.req.query("type");
  return (FILE_TYPES as readonly string[]).includes(type ?? "") ? (type as FileType) : undefined;
}

export function filesRoutes(deps: { auth: Auth; files: FilesService; maxBytes?: number }) {
  /** The bound for an upload of this kind (`maxBytes` lowers every kind's, for tests). */
  const maxBytesFor = (type: FileType) => Math.min(deps.maxBytes ?? Number.POSITIVE_INFINITY, uploadMaxBytes(type));
  const router = createRouter();
  // Each kind's own bound: own background footage (named in the query) may be larger than the rest.
  const limits = new Map(
    [undefined, ...FILE_TYPES].map((type) => [
      type,
      // Counted as the upload streams in, never collected in memory.
      bodyBound(
        maxBytesFor(type ?? "audio-file") + MULTIPART_OVERHEAD,
        uploadTooLargeMessage(type ?? "audio-file"),
        true,
      ),
    ]),
  );
  router.use("/api/files", (c, next) => {
    if (c.req.method !== "POST") return next();
    return (limits.get(queryKind(c)) ?? next)(c, next);
  });
  return router
    .openapi(uploadFileRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      const queryType = c.req.query("type");
      // The kind may also come as a form field with the file: the largest bound until it is known.
      const incoming = await firstFile(c, Math.max(...FILE_TYPES.map(maxBytesFor)));
      const type = (queryType ?? incoming.type) as FileType | undefined;
      if (!type || !(FILE_TYPES as readonly string[]).includes(type)) {
        incoming.discard();
        throw new AppError("VALIDATION_FAILED", messages.files.uploadTypeRequired);
      }
      const file = await deps.files.upload(user.id, type, incoming.filename, incoming.body);
      return c.json(file, 201);
    })
    .openapi(listFilesRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json({ items: await deps.files.list(user.id, c.req.valid("query").type) }, 200);
    })
    .openapi(deleteFileRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      await deps.files.delete(user.id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
