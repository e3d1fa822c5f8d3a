import { useSearchParams } from "react-router";

import { RequireAuth } from "@/features/auth/components/require-auth";
import { TestPortalScreen } from "@/features/billing";
import { usePageMeta } from "@/lib/seo";

export function TestPortalRoute() {
  const [params] = useSearchParams();
  usePageMeta({ title: "Billing portal", description: "Built-in test billing portal.", robots: "noindex, nofollow" });
  const back = params.get("return");
  return (
    <RequireAuth>
      {() => <TestPortalScreen returnPath={back?.startsWith("/") && !back.startsWith("//") ? back : null} />}
    </RequireAuth>
  );
}
