import { Readable } from "node:stream";
import { FILE_TYPES, type FileType, messages, uploadMaxBytes, uploadTooLargeMessage } from "@reelsmith/core";
import Busboy from "busboy";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import type { FilesService } from "../../services/files.service.ts";
import { deleteFileRoute, listFilesRoute, uploadFileRoute } from "./files.routes.ts";

/** Room for the multipart framing around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

interface IncomingFile {
  filename: string;
  type: string | undefined;
  stream: Readable;
}

/**
 * The first file of a multipart body, as a stream (never buffered whole). Form fields sent before it
 * (such as `type`) come with it.
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
    const fields: Record<string, string> = {};
    let settled = false;
    busboy.on("field", (name, value) => {
      fields[name] = value;
    });
    busboy.on("file", (_name, stream, info) => {
      if (settled) {
        stream.resume();
        return;
      }
      settled = true;
      resolve({ filename: info.filename ?? "upload", type: fields.type, stream });
    });
    busboy.on("error", (error) => {
      if (!settled) {
        settled = true;
        reject(new AppError("VALIDATION_FAILED", messages.files.noFile, { cause: String(error) }));
      }
    });
    busboy.on("close", () => {
      if (!settled) {
        settled = true;
        reject(new AppError("VALIDATION_FAILED", messages.files.noFile));
      }
    });
    const body = c.req.raw.body;
    if (!body) {
      reject(new AppError("VALIDATION_FAILED", messages.files.noFile));
      return;
    }
    Readable.fromWeb(body as never).pipe(busboy);
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
      bodyLimit({
        maxSize: maxBytesFor(type ?? "audio-file") + MULTIPART_OVERHEAD,
        onError: () => {
          throw new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(type ?? "audio-file"));
        },
      }),
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
        incoming.stream.resume();
        throw new AppError("VALIDATION_FAILED", messages.files.uploadTypeRequired);
      }
      const file = await deps.files.upload(user.id, type, incoming.filename, incoming.stream);
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
