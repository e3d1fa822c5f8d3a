import { messages, SEARCH_DEBOUNCE_MS, VIDEO_PAGE_SIZE, type Video, type VideoSort } from "@reelsmith/core";
import { ChevronLeft, ChevronRight, Film, Loader, RefreshCw, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useVideoDownload } from "@/hooks/use-video-download";

import { useVideos } from "../api/get-videos";
import { defaultVideoTab, parseVideoTab, type VideoTab } from "../lib/video-tab";
import { VideoCard } from "./video-card";
import { VideoPlayerDialog } from "./video-player-dialog";

const SORT_LABELS: Record<VideoSort, string> = { newest: "Newest", oldest: "Oldest", title: "Title A-Z" };
const TABS: { value: VideoTab; label: string }[] = [
  { value: "processing", label: "Processing" },
  { value: "finished", label: "Finished" },
];

function GridSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 2xl:grid-cols-5" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="aspect-[9/16] rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Finished Videos (/dashboard): Processing (processing + failed) and Finished tabs with counts, search
 * (300 ms debounce, contains, any case), sort, pages of 24 that restart on any change, live progress.
 * The open tab is `?tab=` in the address, so links and Back land on it; without one the page opens on
 * Processing while a video is being made, else on Finished.
 */
export function FinishedVideos({ userId }: { userId: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenTab = parseVideoTab(searchParams.get("tab"));
  // Without a chosen tab, the first page of Processing decides (the same query the tab itself uses).
  const processingProbe = useVideos(
    { group: "processing", search: "", sort: "newest", page: 0, size: VIDEO_PAGE_SIZE },
    { enabled: userId !== null && chosenTab === null },
  );
  // The default is decided once per arrival: a video finishing a moment later does not move the page.
  const location = useLocation();
  const [arrival, setArrival] = useState<{ key: string; tab: VideoTab } | null>(null);
  let openedOn = arrival?.key === location.key ? arrival.tab : null;
  if (chosenTab === null && openedOn === null && processingProbe.data) {
    openedOn = defaultVideoTab(processingProbe.data);
    setArrival({ key: location.key, tab: openedOn });
  }
  const group: VideoTab | null = chosenTab ?? openedOn ?? (processingProbe.isError ? "processing" : null);
  const setGroup = (tab: VideoTab, { replace = false } = {}) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("tab", tab);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  // The tab chosen on arrival goes into the address, so it holds while videos finish and Back skips it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the default is known
  useEffect(() => {
    if (chosenTab === null && openedOn !== null) setGroup(openedOn, { replace: true });
  }, [chosenTab, openedOn]);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<VideoSort>("newest");
  const [page, setPage] = useState(0);
  const [playing, setPlaying] = useState<Video | null>(null);
  const { download, downloading } = useVideoDownload();

  // Spec: a new search, sort, tab or user starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because these changed
  useEffect(() => setPage(0), [search, sort, group, userId]);

  const query = { group: group ?? "processing", search, sort, page, size: VIDEO_PAGE_SIZE };
  const videos = useVideos(query, { enabled: userId !== null && group !== null });

  if (userId === null) {
    return (
      <div className="space-y-8">
        <PageHeader title="Finished Videos" />
        <EmptyState icon={Film} title={messages.videos.signedOut} />
      </div>
    );
  }

  const counts = videos.data?.counts ?? processingProbe.data?.counts;
  const total = videos.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VIDEO_PAGE_SIZE));

  return (
    <div className="space-y-6">
      <PageHeader title="Finished Videos" description="Everything you have made, ready to play and download." />

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        {/* Manual activation: a click is one step in history (automatic activation also fires on focus). */}
        <Tabs value={group ?? ""} onValueChange={(v) => setGroup(v as VideoTab)} activationMode="manual">
          <TabsList>
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="px-4">
                {tab.label} ({counts ? counts[tab.value] : "…"})
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="flex gap-2">
          <div className="relative flex-1 md:w-72 md:flex-none">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder="Search by title"
              aria-label="Search videos by title"
              className="pl-8"
            />
          </div>
          <Select value={sort} onValueChange={(v) => setSort(v as VideoSort)}>
            <SelectTrigger aria-label="Sort videos" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(SORT_LABELS) as VideoSort[]).map((key) => (
                <SelectItem key={key} value={key}>
                  {SORT_LABELS[key]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {group === null || videos.isPending ? (
        <GridSkeleton />
      ) : videos.isError && !videos.data ? (
        <EmptyState
          icon={RefreshCw}
          title={group === "processing" ? messages.videos.loadProcessingFailed : messages.videos.loadFinishedFailed}
          description={videos.error.message}
          action={
            <Button size="sm" variant="outline" onClick={() => void videos.refetch()}>
              {messages.common.tryAgain}
            </Button>
          }
        />
      ) : videos.data && videos.data.items.length === 0 ? (
        search ? (
          <EmptyState
            icon={Search}
            title="No videos match your search"
            description={`Nothing titled like "${search}".`}
          />
        ) : (
          <EmptyState
            icon={group === "processing" ? Loader : Film}
            title={group === "processing" ? "Nothing is processing" : "No finished videos yet"}
            description={
              group === "processing"
                ? "Videos you create appear here while they render. It usually takes a few minutes."
                : "When a video is ready you can play and download it from here."
            }
            action={
              <Button asChild variant="brand" size="sm">
                <Link to="/create">Create a video</Link>
              </Button>
            }
          />
        )
      ) : (
        <div className="space-y-6">
          <div
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 2xl:grid-cols-5"
            data-testid="video-grid"
          >
            {videos.data?.items.map((video) => (
              <VideoCard
                key={video.id}
                video={video}
                onPlay={setPlaying}
                onDownload={(v) => void download(v)}
                downloading={downloading === video.id}
              />
            ))}
          </div>
          {pages > 1 ? (
            <nav className="flex items-center justify-center gap-3" aria-label="Pages">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage((p) => Math.max(0, p - 1))}
                disabled={page === 0}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <span className="text-sm tabular-nums text-muted-foreground">
                Page {page + 1} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
                disabled={page >= pages - 1}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </div>
      )}
      <VideoPlayerDialog
        video={playing}
        onClose={() => setPlaying(null)}
        onDownload={(v) => void download(v)}
        downloading={playing !== null && downloading === playing.id}
      />
    </div>
  );
}
