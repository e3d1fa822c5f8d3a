import { useAccount } from "@/features/auth/api/get-account";
import { TermsScreen } from "@/features/legal/components/terms-screen";
import { useSitePageMeta } from "@/lib/seo";

export function TermsRoute() {
  const { data: account } = useAccount();
  useSitePageMeta("/terms");
  return <TermsScreen accountHref={account ? "/home" : "/auth"} />;
}
