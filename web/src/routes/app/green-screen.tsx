import { GreenScreenBuilder } from "@/features/green-screen/components/green-screen-builder";
import { usePageMeta } from "@/lib/seo";

import { useAppAccount } from "./use-app-account";

export function GreenScreenRoute() {
  usePageMeta({
    title: "Green Screen Memes",
    description: "Key a meme clip over your own picture or video, with a caption and a song.",
    robots: "noindex, nofollow",
  });
  const account = useAppAccount();
  return <GreenScreenBuilder account={account} />;
}
