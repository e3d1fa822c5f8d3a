import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { contactMessageSchema } from "./contact.ts";

const valid = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: "ada@example.com",
  subject: "Agency plan",
  message: "Can we run Reelsmith for twelve clients?",
};

describe("contactMessageSchema", () => {
  it("accepts the five fields, trimmed", () => {
    expect(contactMessageSchema.parse(valid)).toEqual({ ...valid, firstName: "Ada" });
  });

  it.each(["firstName", "lastName", "email", "subject", "message"] as const)(
    "asks for every field when %s is blank",
    (field) => {
      const result = contactMessageSchema.safeParse({ ...valid, [field]: "   " });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.contact.fillAllFields);
    },
  );

  it("names a malformed e-mail and an over-long message", () => {
    expect(contactMessageSchema.safeParse({ ...valid, email: "ada@" }).error?.issues[0]?.message).toBe(
      messages.contact.emailInvalid,
    );
    expect(contactMessageSchema.safeParse({ ...valid, message: "x".repeat(5001) }).error?.issues[0]?.message).toBe(
      "Message must be at most 5000 characters.",
    );
  });
});
