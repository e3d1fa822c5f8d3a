import { MusicVideoBuilder } from "@/features/music-video/components/music-video-builder";
import { usePageMeta } from "@/lib/seo";

import { useAppAccount } from "./use-app-account";

export function MusicVideoRoute() {
  usePageMeta({
    title: "Music Video",
    description: "Turn your song into a vertical music video cut to the beat, with a text hook.",
    robots: "noindex, nofollow",
  });
  const account = useAppAccount();
  return <MusicVideoBuilder account={account} />;
}
