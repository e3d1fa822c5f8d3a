/**
 * Checks that the layout block of docs/ARCHITECTURE.md names only folders and files that exist.
 *
 *   node scripts/check-docs.ts [file]      (default docs/ARCHITECTURE.md; exits 1 when a path is missing)
 *
 * The layout block is the first ```text fence after the "## Layout" heading. Every non-blank line in it
 * is one entry: a path, then its description. A path at the left margin is relative to the repository
 * root; an indented one is relative to the folder on the nearest line above it that is indented less.
 * A path ending in "/" must be a folder, any other path a file.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const HEADING = /^##\s+Layout\s*$/;

export interface LayoutEntry {
  /** 1-based line number in the document. */
  line: number;
  /** Path relative to the repository root, as the block means it. */
  path: string;
}

export interface LayoutProblem {
  line: number;
  message: string;
}

/** The entries of the layout block, or the problems that keep it from being read. */
export function parseLayout(markdown: string): { entries: LayoutEntry[]; problems: LayoutProblem[] } {
  const lines = markdown.split("\n");
  const heading = lines.findIndex((l) => HEADING.test(l));
  if (heading < 0) return { entries: [], problems: [{ line: 0, message: 'no "## Layout" heading' }] };
  const open = lines.findIndex((l, i) => i > heading && l.trim() === "```text");
  const nextHeading = lines.findIndex((l, i) => i > heading && /^#{1,2}\s/.test(l));
  if (open < 0 || (nextHeading >= 0 && open > nextHeading)) {
    return { entries: [], problems: [{ line: heading + 1, message: "no ```text block under the Layout heading" }] };
  }
  const close = lines.findIndex((l, i) => i > open && l.trim() === "```");
  if (close < 0) return { entries: [], problems: [{ line: open + 1, message: "the layout block is not closed" }] };

  const entries: LayoutEntry[] = [];
  const problems: LayoutProblem[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (let i = open + 1; i < close; i += 1) {
    const text = lines[i] ?? "";
    if (text.trim() === "") continue;
    const line = i + 1;
    const indentation = /^[ \t]*/.exec(text)?.[0] ?? "";
    if (indentation.includes("\t")) {
      problems.push({ line, message: "indent with spaces, not tabs" });
      continue;
    }
    const indent = indentation.length;
    const token = text.trim().split(/\s+/)[0] ?? "";
    while (parents.length > 0 && (parents.at(-1)?.indent ?? 0) >= indent) parents.pop();
    const parent = parents.at(-1);
    if (indent > 0 && !parent) {
      problems.push({ line, message: `"${token}" is indented but has no folder above it` });
      continue;
    }
    const joined = path.posix.join(parent?.path ?? "", token);
    if (token.startsWith("/") || joined.startsWith("..")) {
      problems.push({ line, message: `"${token}" must stay inside the repository` });
      continue;
    }
    const full = token.endsWith("/") && !joined.endsWith("/") ? `${joined}/` : joined;
    entries.push({ line, path: full });
    if (token.endsWith("/")) parents.push({ indent, path: full });
  }
  if (entries.length === 0) problems.push({ line: open + 1, message: "the layout block lists no paths" });
  return { entries, problems };
}

/** What is wrong with one entry on disk, or null when it is there. */
export function checkEntry(root: string, entry: LayoutEntry): string | null {
  const absolute = path.join(root, entry.path.replace(/\/$/, ""));
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return `${entry.path} does not exist`;
  }
  if (entry.path.endsWith("/") && !stat.isDirectory()) return `${entry.path} is not a folder`;
  if (!entry.path.endsWith("/") && !stat.isFile()) return `${entry.path} is a folder: end it with /`;
  return null;
}

function main(): void {
  const file = path.resolve(ROOT, process.argv[2] ?? "docs/ARCHITECTURE.md");
  const shown = path.relative(ROOT, file);
  const { entries, problems } = parseLayout(fs.readFileSync(file, "utf8"));
  for (const entry of entries) {
    const message = checkEntry(ROOT, entry);
    if (message) problems.push({ line: entry.line, message });
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    for (const p of problems) console.error(`${shown}:${p.line}: ${p.message}`);
    console.error(`${shown}: ${problems.length} layout problem(s) in ${entries.length} paths`);
    process.exit(1);
  }
  console.log(`${shown}: all ${entries.length} layout paths exist`);
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) main();
