import { messages, NO_MUSIC, type TopUpStatus } from "@reelsmith/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { draftStorageKey } from "@/components/builder/use-builder-draft";
import { jsonResponse, mockAccountApi, otherApi, renderApp, responses, testAccount } from "@/test/render";

const topUp: TopUpStatus = {
  packCredits: 10,
  packPriceCents: 300,
  maxPacksPerPurchase: 5,
  monthlyCap: 50,
  purchasedThisMonth: 0,
  reservedThisMonth: 0,
  remainingCap: 50,
  maxQuantity: 5,
  monthStart: "2026-03-01T00:00:00.000Z",
  monthEnd: "2026-04-01T00:00:00.000Z",
  pendingOrders: [],
};

describe("/ai-ugc-ads", () => {
  afterEach(() => sessionStorage.clear());

  it("opens the buy-credits dialog when the balance is under the 14 credits of a UGC ad, without creating", async () => {
    const fetchMock = mockAccountApi(() => responses.account({ ...testAccount, credits: 6 }));
    otherApi["/api/catalog"] = () =>
      jsonResponse(200, {
        captionStyles: [],
        voices: [],
        backgrounds: [],
        music: [{ id: NO_MUSIC, name: "No Music", mood: null, genre: null, bpm: null, url: null, durationS: null }],
        memes: [],
        asmr: [],
        dreamscape: [],
        textHookStyles: [],
      });
    otherApi["/api/files?type=product-image"] = () => jsonResponse(200, { items: [] });
    otherApi["/api/capabilities"] = () =>
      jsonResponse(200, { ai: { enabled: false, model: null }, tts: { provider: "offline" }, storage: "local" });
    otherApi["/api/billing/top-up"] = () => jsonResponse(200, topUp);
    sessionStorage.setItem(
      draftStorageKey("ugc-ads", testAccount.user.id),
      JSON.stringify({ product_image_id: "0b6b8c8e-3d5f-4a8e-9a51-2f1f3c0c9a11", background_music: NO_MUSIC }),
    );
    const user = userEvent.setup();
    renderApp("/ai-ugc-ads");
    await screen.findByLabelText("Product name");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Generate Video · 14 credits" }));

    const dialog = await screen.findByRole("dialog", { name: messages.subscription.topUp });
    expect(await within(dialog).findByText("Up to 5 right now")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: messages.credits.insufficientTitle })).toBeNull();
    expect((await screen.findAllByText(messages.credits.insufficientToast)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });
});
