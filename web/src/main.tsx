import "./lib/zod-jitless";
import "./styles.css";

import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";

import { AppProvider } from "@/app/provider";
import { createQueryClient } from "@/app/query-client";
import { createAppRouter, routes } from "@/app/router";

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

/** Loads the lazy route modules of the current page, so hydration renders what the server rendered. */
async function resolveLazyMatches(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * Lets the browser handle input and paint between the steps of starting a pre-rendered page, so none
 * of them is one long task on a slow phone (evaluating the entry, fetching the page's code, hydrating).
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(root: HTMLElement) {
  const prerendered = root.hasChildNodes() && window.__staticRouterHydrationData !== undefined;
  if (prerendered) {
    await yieldToBrowser();
    await resolveLazyMatches();
    await yieldToBrowser();
  }
  const queryClient = createQueryClient();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // Hydrating in a transition lets React work in short slices instead of one long task; the page is
  // already painted, so nothing waits on it.
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start(container);
