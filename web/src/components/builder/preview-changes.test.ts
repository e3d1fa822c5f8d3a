import { describe, expect, it } from "vitest";

import { changedSteps } from "./preview-changes";

const config = {
  steps: [
    { label: "Script", fields: ["post_title", "script"] },
    { label: "Captions", fields: ["caption_style"] },
    { label: "Audio", fields: ["voice", "background_music"] },
  ],
} as unknown as Parameters<typeof changedSteps>[0];

describe("what changed since a preview", () => {
  const previewed = {
    post_title: "AITA?",
    script: "Once.",
    caption_style: "fire",
    voice: "nova",
    background_music: null,
  };

  it("names nothing while the draft is the one previewed", () => {
    expect(changedSteps(config, previewed, { ...previewed })).toEqual([]);
  });

  it("names each step with a changed field once, in step order", () => {
    const now = { ...previewed, background_music: "lofi", script: "Twice.", post_title: "AITA!" };
    expect(changedSteps(config, previewed, now)).toEqual(["Script", "Audio"]);
  });

  it("counts a field set to empty as a change, and an empty one left empty as none", () => {
    expect(changedSteps(config, previewed, { ...previewed, voice: undefined })).toEqual(["Audio"]);
    expect(changedSteps(config, previewed, { ...previewed, background_music: undefined })).toEqual([]);
  });
});
