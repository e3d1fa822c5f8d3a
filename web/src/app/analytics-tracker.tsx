import { useEffect } from "react";
import { useLocation } from "react-router";

import { analytics } from "@/lib/analytics";

/** Sends a page view on every route change (the first page included). Renders nothing. */
export function AnalyticsTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    analytics().pageView(`${pathname}${search}`);
  }, [pathname, search]);
  return null;
}
