import { z } from "@hono/zod-openapi";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { messages } from "@reelsmith/core";
import type { Context } from "hono";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";
import { type McpServices, mcpServerFor } from "./mcp.tools.ts";

/** Where agents reach the MCP server (streamable HTTP). */
export const MCP_PATH = "/api/mcp";

/** One JSON-RPC message of the Model Context Protocol (its fields beyond these are the method's). */
const jsonRpcMessage = z.looseObject({ jsonrpc: z.literal("2.0"), method: z.string().max(200).optional() });

export const mcpRoute = apiRoute({
  method: "post",
  path: MCP_PATH,
  tags: ["MCP"],
  summary: "The MCP server (streamable HTTP, stateless), for agents with an API key",
  description:
    "Model Context Protocol over streamable HTTP: send JSON-RPC messages (initialize, tools/list, tools/call) with " +
    "`Authorization: Bearer <key>`. Tools: list_catalog, get_credits, upload_file (base64, up to 10 MB), one " +
    "create_<type>_video per video type with that type's input, create_batch and get_batch (up to 100 videos " +
    "of one type from CSV or JSON lines, checked whole before anything is charged), get_video and list_videos. A refusal comes back " +
    "as a tool error in the product's words; a read-only key may call only the reading tools.",
  security: [{ bearerAuth: [] }],
  request: { body: { content: { "application/json": { schema: jsonRpcMessage } }, required: true } },
  responses: {
    200: { description: "The JSON-RPC answer", content: { "application/json": { schema: z.looseObject({}) } } },
    202: { description: "A notification, taken" },
    ...errorResponses({ 401: "No API key, or one that does not open the API", 429: "Too many requests with this key" }),
  },
});

/**
 * The MCP server over streamable HTTP, stateless: each request is answered by a server made for the API key's
 * user (no session to keep between calls, so any API process answers any call). Only an API key opens it; the key
 * gate has already refused a wrong one, and each tool checks the key's scope.
 */
export function mcpRoutes(deps: { auth: Auth } & McpServices) {
  const answer = async (c: Context, parsedBody?: unknown) => {
    const user = await requireUser(deps.auth, c).catch(() => null);
    if (!user?.apiKeyId) throw new AppError("UNAUTHORIZED", messages.apiKeys.mcpNeedsKey);
    const server = mcpServerFor(user, deps);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, parsedBody === undefined ? {} : { parsedBody });
    } finally {
      await server.close();
    }
  };
  const router = createRouter();
  // GET (a stream of server messages) and DELETE (ending a session) have no use in a stateless server: the transport
  // answers them as the protocol says (405).
  router.on(["GET", "DELETE"], MCP_PATH, (c) => answer(c));
  return router.openapi(mcpRoute, (c) => answer(c, c.req.valid("json")) as never);
}
