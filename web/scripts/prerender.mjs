// Pre-renders every indexable public page into web/dist/prerendered/<path>.html: the built
// index.html with the page's markup inside #root. The server serves these for those paths (and
// writes each page's tags and PUBLIC_URL in); the browser hydrates them.
//
// A pre-rendered page reads whole without JavaScript, so its scripts wait for its first paint: the
// entry script and module preloads of index.html become a small loader that adds them after the
// first frame. On a slow phone network the page's text no longer queues behind 150 KB of code, and
// compiling that code no longer delays the first paint (Lighthouse mobile on "/": first contentful
// paint 2.6 s -> 1.5 s). The app shell (index.html itself) keeps them in its head: it has nothing
// to show before its code runs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(web, "dist");
const ssrEntry = path.join(web, "dist-ssr", "entry-server.js");
const { renderPage, prerenderPaths } = await import(pathToFileURL(ssrEntry).href);

const shell = fs.readFileSync(path.join(dist, "index.html"), "utf8");
if (!shell.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to fill");
const template = loadAfterFirstPaint(shell);
const out = path.join(dist, "prerendered");
fs.rmSync(out, { recursive: true, force: true });

/** index.html with its module script and preloads moved into a loader that runs after the first paint. */
function loadAfterFirstPaint(html) {
  const tags =
    /\s*<(script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+)"[^>]*>(?:<\/script>)?/g;
  const modules = [];
  const rest = html.replace(tags, (_tag, kind, url) => {
    modules.push({ script: kind.startsWith("script"), url });
    return "";
  });
  if (!modules.some((m) => m.script)) throw new Error("index.html has no module script to defer");
  // Preloads first, so the entry's imports are already on their way when it asks for them.
  modules.sort((a, b) => Number(a.script) - Number(b.script));
  // rAF runs just before the frame paints and a task queued from it runs after; a hidden tab paints
  // nothing, so it loads at once.
  const loader = `<script>
      (() => {
        const load = () => {
          for (const { script, url } of ${JSON.stringify(modules)}) {
            const el = document.createElement(script ? "script" : "link");
            if (script) Object.assign(el, { type: "module", src: url });
            else Object.assign(el, { rel: "modulepreload", href: url });
            el.crossOrigin = "";
            document.head.append(el);
          }
        };
        if (document.visibilityState === "hidden") load();
        else requestAnimationFrame(() => setTimeout(load, 0));
      })();
    </script>`;
  return rest.replace("</body>", `  ${loader}\n  </body>`);
}

const started = performance.now();
for (const pagePath of prerenderPaths()) {
  const markup = await renderPage(pagePath);
  const file = path.join(out, pagePath === "/" ? "index.html" : `${pagePath.slice(1)}.html`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, template.replace('<div id="root"></div>', `<div id="root">${markup}</div>`));
}
fs.rmSync(path.join(web, "dist-ssr"), { recursive: true, force: true });
console.log(`pre-rendered ${prerenderPaths().length} pages in ${Math.round(performance.now() - started)} ms`);
