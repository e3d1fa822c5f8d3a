import { messages } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { jsonResponse, mockAccountApi, otherApi, renderApp, responses } from "@/test/render";

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>> = {}) {
  const all = {
    "First name": "Ada",
    "Last name": "Lovelace",
    "E-mail": "ada@example.com",
    Subject: "Agency plan",
    Message: "Can we run one server for twelve brands?",
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe("contact form", () => {
  it("asks for every field before sending anything", async () => {
    mockAccountApi(responses.signedOut);
    const sent: unknown[] = [];
    otherApi["/api/contact"] = (init) => {
      sent.push(init?.body);
      return jsonResponse(200, { success: true });
    };
    const user = userEvent.setup();
    renderApp("/contact");
    await screen.findByRole("heading", { level: 1, name: "Talk to the Reelsmith team" });
    await fill(user, { Subject: "" });
    await user.click(screen.getByRole("button", { name: "Send message" }));
    // Said once, in a toast; the blank field turns red without repeating it.
    await screen.findByText(messages.contact.fillAllFields);
    expect(screen.getAllByText(messages.contact.fillAllFields)).toHaveLength(1);
    expect(screen.getByLabelText("Subject").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);
  });

  it("sends the five fields, confirms and clears the form", async () => {
    mockAccountApi(responses.signedOut);
    const sent: unknown[] = [];
    otherApi["/api/contact"] = (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, { success: true });
    };
    const user = userEvent.setup();
    renderApp("/contact");
    await screen.findByRole("heading", { level: 1, name: "Talk to the Reelsmith team" });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(messages.contact.sent)).toBeTruthy();
    expect(sent).toEqual([
      {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        subject: "Agency plan",
        message: "Can we run one server for twelve brands?",
        website: "",
      },
    ]);
    await waitFor(() => expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe(""));
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
  });

  it("shows the server's reason when sending fails, and keeps what was typed", async () => {
    mockAccountApi(responses.signedOut);
    otherApi["/api/contact"] = () =>
      jsonResponse(429, { code: "RATE_LIMITED", message: messages.contact.rateLimited, requestId: "r9" });
    const user = userEvent.setup();
    renderApp("/contact");
    await screen.findByRole("heading", { level: 1, name: "Talk to the Reelsmith team" });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(messages.contact.sendFailedWith(messages.contact.rateLimited))).toBeTruthy();
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Ada");
  });
});
