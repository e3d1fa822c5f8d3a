import { Outlet, useNavigation } from "react-router";

import { AnalyticsTracker } from "./analytics-tracker";
import { ScrollManager } from "./scroll-manager";

/** Shown at the top while a lazily loaded page is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 animate-progress bg-gradient-brand" />
    </div>
  );
}

export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <AnalyticsTracker />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
