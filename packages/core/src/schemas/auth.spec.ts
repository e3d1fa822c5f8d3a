import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { signInSchema, signUpSchema } from "./auth.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("signUpSchema", () => {
  it("normalises the e-mail and trims the name", () => {
    const parsed = signUpSchema.parse({ name: "  Ann  ", email: " Ann@Example.COM ", password: "abcdefg1" });
    expect(parsed).toEqual({ name: "Ann", email: "ann@example.com", password: "abcdefg1" });
  });
  it("explains what is wrong with a password", () => {
    expect(firstMessage(signUpSchema.safeParse({ name: "", email: "a@b.co", password: "" }))).toBe(
      messages.auth.passwordRequired,
    );
    expect(firstMessage(signUpSchema.safeParse({ name: "", email: "a@b.co", password: "abc1" }))).toBe(
      messages.auth.passwordTooShort,
    );
    expect(firstMessage(signUpSchema.safeParse({ name: "", email: "a@b.co", password: "abcdefgh" }))).toBe(
      messages.auth.passwordWeak,
    );
    expect(firstMessage(signUpSchema.safeParse({ name: "", email: "a@b.co", password: `a1${"x".repeat(127)}` }))).toBe(
      messages.auth.passwordTooLong,
    );
  });
  it("rejects a malformed or missing e-mail", () => {
    expect(firstMessage(signUpSchema.safeParse({ name: "", email: "nope", password: "abcdefg1" }))).toBe(
      messages.auth.emailInvalid,
    );
    expect(firstMessage(signInSchema.safeParse({ email: "  ", password: "x" }))).toBe(messages.auth.emailRequired);
  });
});

describe("messages", () => {
  it("labels credits as the spec does", () => {
    expect(messages.credits.available(20)).toBe("20 credits available");
    expect(messages.credits.available(1)).toBe("1 credit available");
  });
});
