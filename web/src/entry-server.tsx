/**
 * Renders a public page to HTML at build time (see scripts/prerender.mjs), so the first paint of
 * every marketing page needs no JavaScript and crawlers read the full text. The browser then
 * hydrates the same markup (src/main.tsx).
 */
import { sitemapPages } from "@reelsmith/core";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";

import { AppProvider } from "@/app/provider";
import { createQueryClient } from "@/app/query-client";
import { routes } from "@/app/router";

export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} while pre-rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate />
      </AppProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** The pages to pre-render: every indexable public page (the sitemap's list). */
export function prerenderPaths(): string[] {
  return sitemapPages().map((page) => page.path);
}
