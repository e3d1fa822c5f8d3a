import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { PageHero } from "@/components/marketing/page-hero";

/** Redoc and its dependencies load only on this page, and only in the browser (never in the pre-rendered HTML). */
const Redoc = lazy(() => import("./redoc-reference"));

/** Where the API is served: the page's own origin in a browser, the placeholder in the pre-rendered HTML. */
function useOrigin(): string {
  const [origin, setOrigin] = useState("https://your-reelsmith");
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

function loopScript(origin: string): string {
  return `KEY=rsk_...   # Settings > API keys > Create key
# 1. upload a song
SONG=$(curl -s -H "Authorization: Bearer $KEY" \\
  -F file=@song.mp3 "${origin}/api/files?type=audio-file" | jq -r .id)
# 2. make a music video from it (the answer says what it cost)
VIDEO=$(curl -s -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
  -d "{\\"type\\":\\"text-hook\\",\\"input\\":{\\"audio_file_id\\":\\"$SONG\\",\\"video_style\\":\\"boiler-room\\",\\"text_hook\\":\\"POV: the drop hits\\"}}" \\
  ${origin}/api/videos | jq -r .id)
# 3. poll until it is no longer processing
until [ "$(curl -s -H "Authorization: Bearer $KEY" ${origin}/api/videos/$VIDEO | jq -r .status)" != processing ]; do sleep 5; done
# 4. download it
curl -s -o video.mp4 "${origin}$(curl -s -H "Authorization: Bearer $KEY" ${origin}/api/videos/$VIDEO | jq -r .download_url)"`;
}

function mcpConfig(origin: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        reelsmith: { type: "http", url: `${origin}/api/mcp`, headers: { Authorization: "Bearer rsk_..." } },
      },
    },
    null,
    2,
  );
}

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-muted-foreground">{label}</figcaption>
      <pre className="rounded-xl border bg-muted/40 p-4 text-[0.8rem] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/**
 * /docs/api: how to authenticate, the whole loop as a shell script and the MCP client config, then the
 * reference of every operation drawn by Redoc from the served OpenAPI document (so it is never out of date).
 */
export function ApiReferenceScreen() {
  const origin = useOrigin();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);

  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="API reference"
        lead="Everything the studio does, over HTTP: upload, create, poll and download with a personal API key, on the same credits and rules as the web app."
      />
      <section className="container-page space-y-10 py-12" aria-labelledby="api-start">
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4">
            <h2 id="api-start" className="font-display text-2xl font-bold">
              Authenticate
            </h2>
            <p className="text-muted-foreground">
              Create a key in{" "}
              <Link to="/settings" className="text-primary underline underline-offset-4">
                Settings &gt; API keys
              </Link>{" "}
              and send it as <code className="rounded bg-muted px-1.5 py-0.5 text-sm">Authorization: Bearer rsk_…</code>{" "}
              with every request. A <em>read</em> key lists and downloads; a <em>create</em> key also uploads and spends
              credits. A wrong, revoked or expired key is answered 401; each key has its own rate limit.
            </p>
            <p className="text-muted-foreground">
              Webhooks from Settings tell your server when a video is finished or failed, signed the Standard Webhooks
              way. The machine-readable document is{" "}
              <a href="/api/openapi.json" className="text-primary underline underline-offset-4">
                /api/openapi.json
              </a>
              .
            </p>
          </div>
          <div className="space-y-4">
            <h2 className="font-display text-2xl font-bold">Connect an agent</h2>
            <p className="text-muted-foreground">
              The MCP server at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">/api/mcp</code> (streamable
              HTTP) takes the same key and offers the catalogue, credits, uploads and one create tool per video type.
            </p>
            <Snippet label="MCP client configuration" code={mcpConfig(origin)} />
          </div>
        </div>
        <Snippet label="The whole loop: upload, create, poll, download" code={loopScript(origin)} />
      </section>
      {/* Redoc pins its credit line to the window's bottom, made for a page of its own: here it ends the sidebar. */}
      <section
        aria-label="Operations"
        className="border-t border-border/60 bg-white text-neutral-900 [&_div:has(>a[href^='https://redocly.com'])]:static"
      >
        {inBrowser ? (
          <Suspense fallback={<p className="container-page py-12 text-neutral-600">Loading the reference…</p>}>
            <Redoc specUrl="/api/openapi.json" />
          </Suspense>
        ) : (
          <p className="container-page py-12 text-neutral-600">Loading the reference…</p>
        )}
      </section>
    </>
  );
}
