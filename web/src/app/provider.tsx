import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect } from "react";

import { ThemeProvider } from "@/lib/theme";

// Toasts are never needed for the first paint; sonner replays toasts raised before it loads.
const Toaster = lazy(() => import("@/components/ui/sonner").then((m) => ({ default: m.Toaster })));

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Marks the page as live: a pre-rendered page's controls answer clicks from here on (browser tests wait
  // for it before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          {/* Below the 4 rem header of every layout, so a toast never covers its links and buttons. */}
          <Toaster
            position="top-center"
            offset={{ top: "4.75rem" }}
            mobileOffset={{ top: "4.75rem" }}
            richColors
            closeButton
          />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
