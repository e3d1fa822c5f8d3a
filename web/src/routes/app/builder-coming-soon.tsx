import { videoTypeCatalogue } from "@reelsmith/core";
import { Navigate, useLocation } from "react-router";

import { BuilderComingSoon } from "@/features/studio/components/builder-coming-soon";
import { usePageMeta } from "@/lib/seo";

/** A builder route whose builder is not built yet: its card, inside the app. */
export function BuilderComingSoonRoute() {
  const { pathname } = useLocation();
  const type = videoTypeCatalogue.find((t) => t.route === pathname.replace(/\/+$/, ""));
  usePageMeta({
    title: type?.name ?? "Creator Studio",
    description: type?.description ?? "Pick a video format to create.",
    robots: "noindex, nofollow",
  });
  if (!type) return <Navigate to="/create" replace />;
  return <BuilderComingSoon type={type} />;
}
