import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { usePageMeta } from "@/lib/seo";
import { useAppAccount } from "./use-app-account";

export function SettingsRoute() {
  const account = useAppAccount();
  usePageMeta({ title: "Settings", description: "Your profile and plan.", robots: "noindex, nofollow" });
  return <SettingsScreen account={account} />;
}
