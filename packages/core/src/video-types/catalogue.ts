/**
 * What every screen shows of the video types: name, description, builder route and credit cost, in
 * display order. Plain data with no schema, so a page that only lists the types (the landing page,
 * the router) loads no zod; each type's definition (`./<type>.ts`) spreads its entry, and the
 * registry in `./index.ts` must cover exactly these types.
 */

export interface VideoTypeDisplay {
  name: string;
  description: string;
  route: string;
  cost: number;
}

export const VIDEO_TYPE_INFO = {
  "faceless-ai": {
    name: "Faceless AI Video",
    description: "ASMR and dreamscape clips assembled into a hypnotic vertical video.",
    route: "/ai-video-creator",
    cost: 14,
  },
  "ugc-ads": {
    name: "AI UGC Ads",
    description: "One product photo becomes an influencer-style ad.",
    route: "/ai-ugc-ads",
    cost: 14,
  },
  "text-hook": {
    name: "Video + Text Hook",
    description: "Your song over rave, rollercoaster or epic-nature footage with a hook on screen.",
    route: "/create-video",
    cost: 6,
  },
  "green-screen": {
    name: "Green Screen Memes",
    description: "A meme clip keyed over your own image or video, with a caption and a song.",
    route: "/create/greenscreen",
    cost: 6,
  },
  reddit: {
    name: "Reddit Stories",
    description: "A story read aloud over gameplay, with the post card and word-by-word captions.",
    route: "/create/reddit-story",
    cost: 6,
  },
} as const satisfies Record<string, VideoTypeDisplay>;

export type VideoType = keyof typeof VIDEO_TYPE_INFO;

/** The video types, in display order. */
export const VIDEO_TYPES = Object.keys(VIDEO_TYPE_INFO) as [VideoType, ...VideoType[]];

export function isVideoType(value: string): value is VideoType {
  return Object.hasOwn(VIDEO_TYPE_INFO, value);
}

export interface VideoTypeInfo extends VideoTypeDisplay {
  type: VideoType;
}

export const videoTypeCatalogue: readonly VideoTypeInfo[] = VIDEO_TYPES.map((type) => ({
  type,
  ...VIDEO_TYPE_INFO[type],
}));

/** Credit cost of a type; an unknown type costs 0 (spec section 5). */
export function creditCost(type: string): number {
  return isVideoType(type) ? VIDEO_TYPE_INFO[type].cost : 0;
}
