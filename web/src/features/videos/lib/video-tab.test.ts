import type { Video } from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import { defaultVideoTab, parseVideoTab } from "./video-tab";

const withStatus = (...statuses: Video["status"][]) => ({ items: statuses.map((status) => ({ status }) as Video) });

describe("Finished Videos tab", () => {
  it("reads the tab from the address and ignores anything else", () => {
    expect(parseVideoTab("finished")).toBe("finished");
    expect(parseVideoTab("processing")).toBe("processing");
    expect(parseVideoTab("Finished")).toBeNull();
    expect(parseVideoTab("all")).toBeNull();
    expect(parseVideoTab(null)).toBeNull();
  });

  it("opens on Processing only while a video is being made", () => {
    expect(defaultVideoTab(withStatus())).toBe("finished");
    expect(defaultVideoTab(withStatus("error"))).toBe("finished");
    expect(defaultVideoTab(withStatus("error", "processing"))).toBe("processing");
  });
});
