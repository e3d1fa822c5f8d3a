/** The five video types, their credit cost and where their builder lives (spec sections 2, 5 and 9). */
export const VIDEO_TYPES = ["text-hook", "reddit", "green-screen", "ugc-ads", "faceless-ai"] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export interface VideoTypeInfo {
  type: VideoType;
  name: string;
  description: string;
  route: string;
  cost: number;
}

export const videoTypeCatalogue: readonly VideoTypeInfo[] = [
  {
    type: "faceless-ai",
    name: "Faceless AI Video",
    description: "ASMR and dreamscape clips assembled into a hypnotic vertical video.",
    route: "/ai-video-creator",
    cost: 14,
  },
  {
    type: "ugc-ads",
    name: "AI UGC Ads",
    description: "One product photo becomes an influencer-style ad.",
    route: "/ai-ugc-ads",
    cost: 14,
  },
  {
    type: "text-hook",
    name: "Video + Text Hook",
    description: "Your song over rave, rollercoaster or epic-nature footage with a hook on screen.",
    route: "/create-video",
    cost: 6,
  },
  {
    type: "green-screen",
    name: "Green Screen Memes",
    description: "A meme clip keyed over your own image or video, with a caption and a song.",
    route: "/create/greenscreen",
    cost: 6,
  },
  {
    type: "reddit",
    name: "Reddit Stories",
    description: "A story read aloud over gameplay, with the post card and word-by-word captions.",
    route: "/create/reddit-story",
    cost: 6,
  },
];

export function isVideoType(value: string): value is VideoType {
  return (VIDEO_TYPES as readonly string[]).includes(value);
}

/** Credit cost of a type; an unknown type costs 0 (spec section 5). */
export function creditCost(type: string): number {
  return videoTypeCatalogue.find((t) => t.type === type)?.cost ?? 0;
}
