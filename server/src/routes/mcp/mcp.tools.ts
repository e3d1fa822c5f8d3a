import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  BATCHES,
  type BatchRowError,
  createBatchSchema,
  FILE_TYPES,
  messages,
  UPLOAD_MAX_BYTES,
  VIDEO_GROUPS,
  VIDEO_TYPE_INFO,
  VIDEO_TYPES,
  type VideoType,
  videoTypeDefinitions,
} from "@reelsmith/core";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/types.ts";
import type { BatchesService } from "../../services/batches.service.ts";
import type { CatalogService } from "../../services/catalog.service.ts";
import type { CreditsService } from "../../services/credits.service.ts";
import type { FilesService } from "../../services/files.service.ts";
import type { VideosService } from "../../services/videos.service.ts";

export interface McpServices {
  catalog: CatalogService;
  credits: CreditsService;
  files: FilesService;
  videos: VideosService;
  batches?: BatchesService;
  /** Where the server is reached: the signed links the tools answer are made absolute with it. */
  publicUrl: string;
  version: string;
}

/** A tool's answer: the JSON as text (every client reads it) and as structured content. */
function answer(value: object): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/** A refusal in the product's words, as an MCP tool error (the agent reads it and can act on it). */
function refusal(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** Runs a tool; a refusal the product gives (AppError) becomes a tool error with its words, anything else throws. */
async function run(work: () => Promise<object>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof AppError) return refusal(error.message);
    throw error;
  }
}

/** The tool that makes a video of `type`: `create_reddit_video`, `create_text_hook_video`... */
export function createToolName(type: VideoType): string {
  return `create_${type.replaceAll("-", "_")}_video`;
}

/**
 * The MCP server one request is answered by, acting as the API key's user. The create tools come from the
 * video-type registry (each with its type's own input schema), so a new type is a new tool without an edit here.
 */
export function mcpServerFor(user: SessionUser, services: McpServices): McpServer {
  const server = new McpServer({ name: "reelsmith", version: services.version });
  const mayCreate = user.apiKeyScopes?.includes("create") ?? false;
  const absolute = (url: string | null) => (url?.startsWith("/") ? `${services.publicUrl}${url}` : url);
  const withLinks = <V extends { video_url: string | null; thumbnail_url: string | null; download_url: string | null }>(
    video: V,
  ): V => ({
    ...video,
    video_url: absolute(video.video_url),
    thumbnail_url: absolute(video.thumbnail_url),
    download_url: absolute(video.download_url),
  });

  server.registerTool(
    "list_catalog",
    {
      title: "List the catalogue",
      description:
        "The video types with their credit cost, and the starter library the inputs name by id: backgrounds, " +
        "music, memes, caption styles and voices.",
      annotations: { readOnlyHint: true },
    },
    () =>
      run(async () => ({
        video_types: VIDEO_TYPES.map((type) => ({ type, tool: createToolName(type), ...VIDEO_TYPE_INFO[type] })),
        ...services.catalog.catalog(),
      })),
  );

  server.registerTool(
    "get_credits",
    {
      title: "Get credits",
      description: "The credit balance (plan and permanent credits) and this period's use.",
      annotations: { readOnlyHint: true },
    },
    () => run(() => services.credits.summary(user.id)),
  );

  server.registerTool(
    "upload_file",
    {
      title: "Upload a file",
      description:
        `Uploads a file (base64) for a video to use, checked as POST /api/files checks it; at most ${UPLOAD_MAX_BYTES / 1_000_000} MB ` +
        "here. Kinds: audio-file (a song: MP3, WAV or AAC), product-image, green-screen (a background picture or " +
        "video), background-video, voice-over, meme-clip. Answers the file's id, which video inputs name.",
      inputSchema: {
        type: z.enum(FILE_TYPES),
        filename: z.string().min(1).max(255),
        content_base64: z.string().min(1),
      },
    },
    ({ type, filename, content_base64 }) => {
      if (!mayCreate) return refusal(messages.apiKeys.mcpReadOnly);
      const bytes = Buffer.from(content_base64, "base64");
      if (bytes.length === 0 || bytes.toString("base64").replace(/=+$/, "") !== content_base64.replace(/\s|=+$/g, "")) {
        return refusal(messages.apiKeys.mcpBadBase64);
      }
      if (bytes.length > UPLOAD_MAX_BYTES) return refusal(messages.apiKeys.mcpUploadTooLarge);
      return run(async () => {
        const file = await services.files.upload(
          user.id,
          type,
          filename,
          (async function* () {
            yield bytes;
          })(),
        );
        return { ...file, url: absolute(file.url) };
      });
    },
  );

  for (const type of VIDEO_TYPES) {
    const info = VIDEO_TYPE_INFO[type];
    server.registerTool(
      createToolName(type),
      {
        title: `Make a ${info.name}`,
        description:
          `${info.description} Costs ${info.cost} credits, charged at once and given back if the render fails. ` +
          "Library items are named by their ids from list_catalog, uploads by the id upload_file answered. " +
          "Answers the new video; follow it with get_video.",
        inputSchema: toolInputOf(videoTypeDefinitions[type].schema),
      },
      (input: unknown) => {
        if (!mayCreate) return refusal(messages.apiKeys.mcpReadOnly);
        return run(async () => {
          const body = parseBody(type, input);
          return withLinks(await services.videos.create(user.id, body, { apiKeyId: user.apiKeyId }));
        });
      },
    );
  }

  const batches = services.batches;
  if (batches) {
    server.registerTool(
      "create_batch",
      {
        title: "Make a batch of videos",
        description:
          `Up to ${BATCHES.maxRows} videos of one type at once from \`rows\`: CSV whose first line names the columns, ` +
          "or JSON lines (format jsonl), the columns being the type's inputs as its create_<type>_video tool takes " +
          "them; each row is laid over `defaults`. Every row is checked before anything is charged: a bad row refuses " +
          "the whole batch with each row, line and column named. Costs the type's price per row, all at once. " +
          "Follow it with get_batch.",
        inputSchema: createBatchSchema,
      },
      async (input) => {
        if (!mayCreate) return refusal(messages.apiKeys.mcpReadOnly);
        try {
          const batch = await batches.create(user.id, input, { apiKeyId: user.apiKeyId });
          return answer({ ...batch, rows: batch.rows.map((r) => ({ ...r, video: withLinks(r.video) })) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const rows = (error.details as { errors?: BatchRowError[] } | undefined)?.errors ?? [];
          return refusal([error.message, ...rows.map(rowLine)].join("\n"));
        }
      },
    );
    server.registerTool(
      "get_batch",
      {
        title: "Get a batch",
        description: "A batch's counts (processing, finished, failed) and each row's video with its status and links.",
        inputSchema: { id: z.string().max(100) },
        annotations: { readOnlyHint: true },
      },
      ({ id }) =>
        run(async () => {
          const batch = await batches.get(user.id, id);
          return { ...batch, rows: batch.rows.map((r) => ({ ...r, video: withLinks(r.video) })) };
        }),
    );
  }

  server.registerTool(
    "get_video",
    {
      title: "Get a video",
      description:
        "A video's status (processing, finished or error), stage, progress and, once finished, signed links to " +
        "watch and download it (they expire; ask again for fresh ones).",
      inputSchema: { id: z.string().max(100) },
      annotations: { readOnlyHint: true },
    },
    ({ id }) => run(async () => withLinks(await services.videos.get(user.id, id))),
  );

  server.registerTool(
    "list_videos",
    {
      title: "List videos",
      description: "A page of the user's videos, newest first, with the count of each group.",
      inputSchema: {
        group: z.enum(VIDEO_GROUPS).default("all"),
        page: z.number().int().min(0).max(100_000).default(0),
        size: z.number().int().min(1).max(100).default(24),
      },
      annotations: { readOnlyHint: true },
    },
    ({ group, page, size }) =>
      run(async () => {
        const list = await services.videos.list(user.id, { group, page, size });
        return { ...list, items: list.items.map(withLinks) };
      }),
  );

  return server;
}

/** One reason a batch row cannot be made, as a line an agent can act on. */
function rowLine(error: BatchRowError): string {
  const where = error.row === 0 ? "The file" : `Row ${error.row} (line ${error.line})`;
  return `${where}${error.column ? `, ${error.column}` : ""}: ${error.message}`;
}

/**
 * What a tool describes to the agent: the type's input as written (a schema that tidies its input afterwards, with a
 * transform, is described by what it takes in). The tool's handler still checks the arguments with the whole schema.
 */
function toolInputOf(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodPipe ? (schema.in as z.ZodType) : schema;
}

/** The tool's arguments as the API body of its type, checked by the same schema (refused in its words). */
function parseBody(type: VideoType, input: unknown) {
  const parsed = z
    .object({ type: z.literal(type), input: videoTypeDefinitions[type].schema })
    .safeParse({ type, input });
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", parsed.error.issues[0]?.message ?? "Invalid input");
  return parsed.data as Parameters<VideosService["create"]>[1];
}
