import { useSearchParams } from "react-router";
import { BatchForm, BatchList } from "@/features/batches";
import { CreatorStudio, type StudioTab } from "@/features/studio/components/creator-studio";
import { usePageMeta } from "@/lib/seo";
import { isRouteAvailable } from "@/lib/site-routes";

export function CreateRoute() {
  usePageMeta({
    title: "Creator Studio",
    description: "Pick a video format to create.",
    robots: "noindex, nofollow",
  });
  const [params, setParams] = useSearchParams();
  const tab: StudioTab = params.get("tab") === "batch" ? "batch" : "formats";
  return (
    <CreatorStudio
      isAvailable={isRouteAvailable}
      tab={tab}
      onTabChange={(next) => setParams(next === "batch" ? { tab: "batch" } : {}, { replace: true })}
      batch={
        <>
          <BatchForm />
          <BatchList />
        </>
      }
    />
  );
}
