import { batchMessages as t, videoTypeCatalogue } from "@reelsmith/core";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "@/lib/format";
import { useBatches } from "../api/batches";

const typeName = (type: string) => videoTypeCatalogue.find((entry) => entry.type === type)?.name ?? type;

/** The user's latest batches, each leading to its page. */
export function BatchList() {
  const batches = useBatches();
  const items = batches.data?.items ?? [];
  return (
    <section aria-labelledby="recent-batches" className="space-y-3">
      <h2 id="recent-batches" className="font-display text-lg font-bold">
        {t.recent}
      </h2>
      {batches.isPending ? null : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {items.map((batch) => (
            <li key={batch.id}>
              <Link
                to={`/create/batches/${batch.id}`}
                className="flex items-center gap-4 px-4 py-3 transition-colors hover:bg-muted/50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{batch.name || typeName(batch.type)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {typeName(batch.type)} · {batch.row_count} videos · {batch.cost} credits ·{" "}
                    {formatDateTime(batch.created_at)}
                  </span>
                </span>
                <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                  {batch.counts.finished} finished
                  {batch.counts.processing > 0 ? ` · ${batch.counts.processing} in progress` : ""}
                  {batch.counts.failed > 0 ? ` · ${batch.counts.failed} failed` : ""}
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
