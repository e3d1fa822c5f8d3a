import { PageHeader } from "@/components/page-header";
import { SupportLinks } from "@/features/marketing/components/support-screen";
import { usePageMeta } from "@/lib/seo";

/** Help & Support inside the app: the sidebar's link keeps a signed-in creator in the app shell. */
export function HelpRoute() {
  usePageMeta({
    title: "Help & Support",
    description: "Answers, guides and how to reach the team.",
    robots: "noindex, nofollow",
  });
  return (
    <div className="space-y-8">
      <PageHeader
        title="Help & Support"
        description="Find an answer in minutes, learn a format end to end, or talk to the team."
      />
      <SupportLinks />
    </div>
  );
}
