import { batchMessages as t, videoTypeCatalogue } from "@reelsmith/core";
import { ArrowLeft, Download } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { ApiError } from "@/lib/api-error";
import { batchZipUrl, useBatch } from "../api/batches";

const STATUS_WORDS = { processing: "In progress", finished: "Finished", error: "Failed" } as const;

/** One batch: how far it has come, each row's video (stage, progress, download) and "Download all". */
export function BatchScreen({ id }: { id: string }) {
  const batch = useBatch(id);
  if (batch.isPending) return <Spinner />;
  if (batch.isError) {
    return (
      <p role="alert" className="text-destructive">
        {batch.error instanceof ApiError ? batch.error.message : t.notFound}
      </p>
    );
  }
  const data = batch.data;
  const typeName = videoTypeCatalogue.find((entry) => entry.type === data.type)?.name ?? data.type;
  const { processing, finished, failed } = data.counts;
  return (
    <div className="space-y-6">
      <Link
        to="/create?tab=batch"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Creator Studio
      </Link>
      <PageHeader
        title={data.name || `${typeName} batch`}
        description={`${typeName} · ${data.row_count} videos · ${data.cost} credits`}
      />
      <div className="flex flex-wrap items-center gap-4 rounded-xl border bg-card p-4">
        <p className="flex-1 text-sm tabular-nums" aria-live="polite">
          {finished} of {data.row_count} finished
          {processing > 0 ? ` · ${processing} in progress` : ""}
          {failed > 0 ? ` · ${failed} failed (refunded)` : ""}
        </p>
        {finished > 0 ? (
          <Button asChild>
            <a href={batchZipUrl(data.id)} download>
              <Download aria-hidden="true" />
              {t.downloadAll}
              {processing > 0 ? ` (${finished})` : ""}
            </a>
          </Button>
        ) : (
          <Button disabled>
            <Download aria-hidden="true" />
            {t.downloadAll}
          </Button>
        )}
      </div>
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.rowsTitle}</caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Video
              </th>
              <th scope="col" className="w-28 px-3 py-2 sm:w-56">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map(({ row, video }) => (
              <tr key={video.id} className="border-t align-middle">
                <td className="px-3 py-2 tabular-nums">{row}</td>
                <td className="px-3 py-2">
                  <span className="line-clamp-2 break-words" title={video.title}>
                    {video.title}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {video.status === "processing" ? (
                    <div className="space-y-1">
                      <span className="text-xs text-muted-foreground">{video.stage ?? STATUS_WORDS.processing}</span>
                      <Progress value={video.progress} aria-label={`Progress of row ${row}`} />
                    </div>
                  ) : video.status === "error" ? (
                    <span className="text-destructive" title={video.error_message ?? undefined}>
                      {STATUS_WORDS.error}
                      {video.error_message ? `: ${video.error_message}` : ""}
                    </span>
                  ) : (
                    <span className="text-success">{STATUS_WORDS.finished}</span>
                  )}
                </td>
                <td className="px-3 py-2 text-right">
                  {video.download_url ? (
                    <a href={video.download_url} className="text-primary underline underline-offset-4">
                      MP4
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
