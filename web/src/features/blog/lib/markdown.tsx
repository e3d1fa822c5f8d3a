import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

/**
 * A small Markdown reader for the blog's own articles: `##`/`###` headings, paragraphs, `-` and
 * `1.` lists, `>` quotes, and inline **bold**, *italic*, `code` and [links](/path). It builds React
 * elements (no HTML strings), so nothing in an article can inject markup.
 */
export type Block = { kind: "h2" | "h3" | "p" | "quote"; text: string } | { kind: "ul" | "ol"; items: string[] };

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "p", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+\.\s+(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    const last = blocks.at(-1);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1] === "##" ? "h2" : "h3", text: heading[2] ?? "" });
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? "ul" : "ol";
      const text = (bullet ?? numbered)?.[1] ?? "";
      if (last && last.kind === kind) last.items.push(text);
      else blocks.push({ kind, items: [text] });
    } else if (quote) {
      flush();
      if (last && last.kind === "quote") last.text += ` ${quote[1] ?? ""}`;
      else blocks.push({ kind: "quote", text: quote[1] ?? "" });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

export function renderInline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${i}-${part.slice(0, 12)}`;
    if (part.startsWith("**") && part.endsWith("**")) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith("`") && part.endsWith("`")) return <code key={key}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label = "", href = ""] = link;
      return href.startsWith("/") ? (
        <Link key={key} to={href}>
          {label}
        </Link>
      ) : (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    }
    if (part.length > 2 && part.startsWith("*") && part.endsWith("*")) return <em key={key}>{part.slice(1, -1)}</em>;
    return <Fragment key={key}>{part}</Fragment>;
  });
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

export function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case "h2":
            return (
              <h2 key={key} id={slugify(block.text)}>
                {renderInline(block.text)}
              </h2>
            );
          case "h3":
            return <h3 key={key}>{renderInline(block.text)}</h3>;
          case "quote":
            return <blockquote key={key}>{renderInline(block.text)}</blockquote>;
          case "ul":
          case "ol": {
            const List = block.kind;
            return (
              <List key={key}>
                {block.items.map((item) => (
                  <li key={item}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
          default:
            return <p key={key}>{renderInline(block.text)}</p>;
        }
      })}
    </>
  );
}

/** Words in an article's text, for its reading time. */
export function wordCount(source: string): number {
  return source.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
