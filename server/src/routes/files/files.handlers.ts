import { Readable } from "node:stream";
import { FILE_TYPES, type FileType, messages, UPLOAD_MAX_BYTES } from "@reelsmith/core";
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

export function filesRoutes(deps: { auth: Auth; files: FilesService; maxBytes?: number }) {
  const maxBytes = deps.maxBytes ?? UPLOAD_MAX_BYTES;
  const router = createRouter();
  router.use(
    "/api/files",
    bodyLimit({
      maxSize: maxBytes + MULTIPART_OVERHEAD,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", messages.files.tooLarge);
      },
    }),
  );
  return router
    .openapi(uploadFileRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      const queryType = c.req.query("type");
      const incoming = await firstFile(c, maxBytes);
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
