import { RedditBuilder } from "@/features/reddit/components/reddit-builder";
import { usePageMeta } from "@/lib/seo";

import { useAppAccount } from "./use-app-account";

export function RedditStoryRoute() {
  usePageMeta({
    title: "Reddit Story",
    description: "Turn a Reddit-style story into a narrated vertical video.",
    robots: "noindex, nofollow",
  });
  const account = useAppAccount();
  return <RedditBuilder account={account} />;
}
