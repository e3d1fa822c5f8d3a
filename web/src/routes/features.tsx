import { useAccount } from "@/features/auth/api/get-account";
import { FeaturesScreen } from "@/features/marketing/components/features-screen";
import { useSitePageMeta } from "@/lib/seo";
import { createVideoPath, isRouteAvailable } from "@/lib/site-routes";

export function FeaturesRoute() {
  const { data: account } = useAccount();
  useSitePageMeta("/features");
  // A builder that is not built yet opens the Creator Studio (signed in) or the sign-up (signed out).
  const hrefFor = (route: string) => (isRouteAvailable(route) ? route : account ? "/create" : "/auth");
  return (
    <FeaturesScreen
      hrefFor={hrefFor}
      {...(account
        ? {
            start: {
              title: "Make your next video",
              lead: "Every creator is one click away in the Creator Studio.",
              to: createVideoPath(),
              label: "Create Video",
            },
          }
        : {})}
    />
  );
}
