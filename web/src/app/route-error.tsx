import { messages } from "@reelsmith/core";
import { isRouteErrorResponse, useRouteError } from "react-router";

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return messages.common.somethingWentWrong;
}

/**
 * Router-level fallback. It renders outside the layouts and providers it may have broken, so it uses
 * plain elements and full-page links.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">Reelsmith</p>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">{messages.common.unexpectedError}</h1>
      <p className="max-w-lg rounded-lg border bg-card px-4 py-3 font-mono text-sm break-words text-muted-foreground">
        {errorMessage(error)}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-10 items-center rounded-lg bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
        >
          {messages.common.reloadPage}
        </button>
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-lg border px-5 text-sm font-semibold hover:bg-accent"
        >
          {messages.common.returnHome}
        </a>
      </div>
    </main>
  );
}
