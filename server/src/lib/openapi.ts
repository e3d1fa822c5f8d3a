import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { errorBodySchema } from "@reelsmith/core";

/**
 * The app's one error shape `{code, message, requestId, ...details}`, as `#/components/schemas/Error` (core's
 * schema, rebuilt with the zod that knows `.openapi`).
 */
export const errorSchema = z.object(errorBodySchema.shape).openapi("Error");

/** The statuses the app's errors use (see `errorStatus` in errors.ts). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502 | 503;

export interface ErrorResponse {
  description: string;
  content: { "application/json": { schema: typeof errorSchema } };
}

export function errorResponse(description: string): ErrorResponse {
  return { description, content: { "application/json": { schema: errorSchema } } };
}

/** Error answers by status, each described for the operation: `errorResponses({ 401: "Not signed in" })`. */
export function errorResponses<S extends ErrorStatus>(answers: Record<S, string>): Record<S, ErrorResponse> {
  const out = {} as Record<S, ErrorResponse>;
  for (const [status, description] of Object.entries(answers) as unknown as [S, string][]) {
    out[status] = errorResponse(description);
  }
  return out;
}

/** Methods that change state: the origin check and the body limit apply to them. */
const STATE_CHANGING = new Set(["post", "put", "patch", "delete"]);

const hasJsonBody = (config: RouteConfig) =>
  Object.keys(config.request?.body?.content ?? {}).some((type) => type === "application/json");

/**
 * `createRoute` plus the answers the app's shared layers can give any operation, so that the document
 * lists every status a client can meet (a route's own description of a status wins):
 * - 400 for malformed input (a NUL character in the path, query or body, input its schema refuses), on every
 *   operation;
 * - 500 for an unexpected failure, on every operation;
 * - 403 for a state-changing request from another site (the origin check), unless `crossSite` says the
 *   operation is called by another service (a signed webhook);
 * - 413 for a body past the size limit, on every state-changing operation (a DELETE may carry a body too);
 * - 415 for a body that is not the declared media type, where a JSON body is declared;
 * - on an operation for signed-in users, an API key (`bearerAuth`) as well as the session cookie, with 429 for a
 *   key over its rate and 403 for a read-only key that would change something, unless `sessionOnly` keeps keys
 *   out (managing the keys themselves).
 */
export function apiRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  config: R & { crossSite?: boolean; sessionOnly?: boolean },
) {
  const { crossSite, sessionOnly, ...route } = config;
  const signedIn = route.security?.some((scheme) => "cookieAuth" in scheme) ?? false;
  if (signedIn && !sessionOnly) route.security = [...(route.security ?? []), { bearerAuth: [] }];
  const shared: Partial<Record<ErrorStatus, ErrorResponse>> = {
    400: errorResponse("Malformed input (such as a NUL character in the path, query or body)"),
  };
  if (STATE_CHANGING.has(route.method) && !crossSite) {
    shared[403] = errorResponse(
      signedIn && !sessionOnly
        ? "A state-changing request from another site (its Origin is not this site's), or an API key without the create scope"
        : "A state-changing request from another site (its Origin is not this site's)",
    );
  }
  if (signedIn && sessionOnly)
    shared[403] = errorResponse("Sent with an API key: keys are managed only when signed in");
  if (signedIn && !sessionOnly) shared[429] = errorResponse("Too many requests with this API key");
  if (STATE_CHANGING.has(route.method)) shared[413] = errorResponse("The body is larger than the server accepts");
  if (hasJsonBody(route as RouteConfig)) shared[415] = errorResponse("The body is not JSON");
  shared[500] = errorResponse("An unexpected failure (the requestId finds it in the server's log)");
  return createRoute({ ...route, responses: { ...shared, ...route.responses } } as unknown as R);
}
