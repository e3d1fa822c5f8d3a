import { useEffect } from "react";
import { useLocation } from "react-router";

import { type Analytics, analytics } from "@/lib/analytics";

/** Sends a page view on every route change (the first page included). Renders nothing. */
export function AnalyticsTracker({ instance }: { instance?: Analytics }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    (instance ?? analytics()).pageView(`${pathname}${search}`);
  }, [pathname, search, instance]);
  return null;
}
