import { messages } from "@reelsmith/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { mockAccountApi, renderApp, responses, testAccount } from "@/test/render";

describe("signed-in shell", () => {
  it("shows the credits, the plan and the greeting for the account", async () => {
    mockAccountApi(() => responses.account({ ...testAccount, credits: 42, videosCreated: 3 }));
    renderApp("/home");

    expect(await screen.findByRole("heading", { level: 1, name: messages.home.welcomeBack("Maya") })).toBeTruthy();
    expect(screen.getAllByText("42 credits available").length).toBeGreaterThan(0);

    const credits = screen.getByRole("region", { name: "Credits" });
    expect(within(credits).getByText("42 credits available")).toBeTruthy();
    expect(within(credits).getByText(messages.subscription.freePlan)).toBeTruthy();
    expect(within(credits).getByRole("link", { name: messages.subscription.upgradePlan }).getAttribute("href")).toBe(
      "/pricing",
    );
    expect(within(credits).getByRole("button", { name: messages.subscription.topUp })).toHaveProperty(
      "disabled",
      false,
    );

    // Stats: minutes saved = 3 videos x 39 minutes.
    expect(screen.getByText("117")).toBeTruthy();
  });

  it("offers Manage Plan for a subscriber and greets by the e-mail when there is no name", async () => {
    mockAccountApi(() =>
      responses.account({
        ...testAccount,
        user: { ...testAccount.user, name: "" },
        plan: { id: "PRO", name: "Pro" },
        subscriptionStatus: "active",
      }),
    );
    renderApp("/home");

    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, maya.reed" })).toBeTruthy();
    const credits = screen.getByRole("region", { name: "Credits" });
    expect(within(credits).getByText("Pro")).toBeTruthy();
    expect(within(credits).getByRole("link", { name: messages.subscription.managePlan }).getAttribute("href")).toBe(
      "/settings",
    );
    expect(within(credits).queryByRole("link", { name: messages.subscription.upgradePlan })).toBeNull();
  });

  it("opens Help & Support inside the app shell, with the sidebar still there", async () => {
    mockAccountApi(() => responses.account());
    renderApp("/help");
    expect(await screen.findByRole("heading", { level: 1, name: "Help & Support" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Credits" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Read the FAQ" }).getAttribute("href")).toBe("/faq");
  });
});
