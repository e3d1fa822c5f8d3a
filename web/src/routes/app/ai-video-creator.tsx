import { FacelessBuilder } from "@/features/faceless/components/faceless-builder";
import { usePageMeta } from "@/lib/seo";

import { useAppAccount } from "./use-app-account";

export function AiVideoCreatorRoute() {
  usePageMeta({
    title: "AI Video Creator",
    description: "Make faceless ASMR and dreamscape videos with their own sound.",
    robots: "noindex, nofollow",
  });
  const account = useAppAccount();
  return <FacelessBuilder account={account} />;
}
