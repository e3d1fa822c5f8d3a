import type { Catalog } from "@reelsmith/core";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";

import { LibraryTiles } from "@/components/builder/pickers/library-tiles";
import { Button } from "@/components/ui/button";
import { nextPage, pageCount, pageItems, pageOfItem, previousPage } from "../lib/pager";

type CatalogMeme = Catalog["memes"][number];

/**
 * The meme library 8 to a page (spec section 9): Previous and Next wrap around, each clip plays
 * while hovered or focused. Opens on the page of the chosen meme.
 */
export function MemePicker({
  memes,
  value,
  onChange,
}: {
  memes: readonly CatalogMeme[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const pages = pageCount(memes.length);
  const [page, setPage] = useState(() => pageOfItem(memes, (m) => m.id === value));
  const shown = Math.min(page, pages - 1);
  const chosen = memes.find((m) => m.id === value);

  return (
    <div className="space-y-3">
      <LibraryTiles
        label="Meme"
        aspect="square"
        tiles={pageItems(memes, shown).map((m) => ({
          id: m.id,
          title: m.title,
          thumbnailUrl: m.thumbnailUrl,
          previewUrl: m.videoUrl,
          // A recorded meme credits the game whose art it shows; a drawn one has no credit.
          credit: m.credit,
        }))}
        value={value}
        onChange={onChange}
        className="grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4"
      />
      <nav aria-label="Meme pages" className="flex items-center justify-between gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => setPage(previousPage(shown, pages))}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <p className="text-sm tabular-nums text-muted-foreground" aria-live="polite" data-testid="meme-page">
          Page {shown + 1} of {pages}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => setPage(nextPage(shown, pages))}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {chosen ? (
          <>
            Chosen: <span className="font-medium text-foreground">{chosen.title}</span>
          </>
        ) : (
          `${memes.length} clips on green screen. Hover or focus one to play it.`
        )}
      </p>
    </div>
  );
}
