import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { redditInputSchema } from "../video-types/index.ts";
import { profileUpdateSchema } from "./account.ts";
import { signUpSchema } from "./auth.ts";
import { contactMessageSchema } from "./contact.ts";
import { videoListQuerySchema } from "./video-list.ts";

const nul = "\u0000";
const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("free text refuses U+0000, which the database cannot store", () => {
  it("in names, the contact form, a Reddit story and the video search", () => {
    expect(
      issue(signUpSchema.safeParse({ name: `A${nul}`, email: "a@example.com", password: "correct-horse-9" })),
    ).toBe(messages.common.nulCharacter);
    expect(issue(profileUpdateSchema.safeParse({ name: `A${nul}` }))).toBe(messages.common.nulCharacter);
    const contact = { firstName: "Ada", lastName: "L", email: "a@example.com", subject: "Hi", message: `x${nul}` };
    expect(issue(contactMessageSchema.safeParse(contact))).toBe(messages.common.nulCharacter);
    const story = {
      post_title: `Title${nul}`,
      script: "A story.",
      caption_style: "modern-bold",
      background_video: "minecraft",
    };
    expect(issue(redditInputSchema.safeParse(story))).toBe(messages.common.nulCharacter);
    expect(issue(redditInputSchema.safeParse({ ...story, post_title: "Title", script: `A${nul}` }))).toBe(
      messages.common.nulCharacter,
    );
    expect(issue(videoListQuerySchema.safeParse({ search: nul }))).toBe(messages.common.nulCharacter);
  });

  it("while the same text without it passes", () => {
    expect(profileUpdateSchema.safeParse({ name: "Ada \\u0000" }).success).toBe(true);
    expect(videoListQuerySchema.safeParse({ search: "lunch" }).success).toBe(true);
  });
});
