import { useParams } from "react-router";

import { RequireAuth } from "@/features/auth/components/require-auth";
import { TestCheckoutScreen } from "@/features/billing";
import { usePageMeta } from "@/lib/seo";

export function TestCheckoutRoute() {
  const { id = "" } = useParams();
  usePageMeta({ title: "Test checkout", description: "Built-in test checkout.", robots: "noindex, nofollow" });
  return <RequireAuth>{() => <TestCheckoutScreen id={id} />}</RequireAuth>;
}
