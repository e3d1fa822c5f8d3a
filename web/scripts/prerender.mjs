// Pre-renders every indexable public page into web/dist/prerendered/<path>.html: the built
// index.html with the page's markup inside #root. The server serves these for those paths (and
// writes each page's tags and PUBLIC_URL in); the browser hydrates them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(web, "dist");
const ssrEntry = path.join(web, "dist-ssr", "entry-server.js");
const { renderPage, prerenderPaths } = await import(pathToFileURL(ssrEntry).href);

const template = fs.readFileSync(path.join(dist, "index.html"), "utf8");
if (!template.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to fill");
const out = path.join(dist, "prerendered");
fs.rmSync(out, { recursive: true, force: true });

const started = performance.now();
for (const pagePath of prerenderPaths()) {
  const markup = await renderPage(pagePath);
  const file = path.join(out, pagePath === "/" ? "index.html" : `${pagePath.slice(1)}.html`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, template.replace('<div id="root"></div>', `<div id="root">${markup}</div>`));
}
fs.rmSync(path.join(web, "dist-ssr"), { recursive: true, force: true });
console.log(`pre-rendered ${prerenderPaths().length} pages in ${Math.round(performance.now() - started)} ms`);
