import { messages } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { ApiError } from "@/lib/api-error";
import { renderWithRouter } from "@/test/render";
import { insufficientCreditsFrom } from "./insufficient-credits";
import { InsufficientCreditsDialog } from "./insufficient-credits-dialog";

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? "open" : "closed"}</p>
      <InsufficientCreditsDialog open={open} onOpenChange={setOpen} required={14} current={6} />
    </>
  );
}

describe("insufficient credits dialog", () => {
  it("shows the spec's title and text, required and current credits and a tip; Cancel closes", async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    expect(screen.getByRole("heading", { name: messages.credits.insufficientTitle })).toBeTruthy();
    expect(screen.getByText(messages.credits.insufficientDialog)).toBeTruthy();
    expect(screen.getByTestId("credits-required").textContent).toBe("14");
    expect(screen.getByTestId("credits-current").textContent).toBe("6");
    expect(screen.getByText(messages.credits.insufficientTip)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("closed")).toBeTruthy();
  });

  it("sends Upgrade Plan to /pricing", async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<Harness />, { path: "/create/reddit-story" });
    await user.click(screen.getByRole("button", { name: messages.subscription.upgradePlan }));
    expect(router.state.location.pathname).toBe("/pricing");
  });

  it("reads required and current credits from a 402 answer", () => {
    const refusal = new ApiError(402, "INSUFFICIENT_CREDITS", messages.credits.insufficientDialog, "r", {
      required: 14,
      current: 6,
    });
    expect(insufficientCreditsFrom(refusal)).toEqual({ required: 14, current: 6 });
    expect(insufficientCreditsFrom(new ApiError(500, "INTERNAL", "x"))).toBeNull();
    expect(insufficientCreditsFrom(new Error("x"))).toBeNull();
  });
});
