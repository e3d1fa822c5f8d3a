import { messages, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { jsonResponse, mockApi, renderApp, renderWithRouter, responses, testAccount } from "@/test/render";
import { FreeCreditsNotice } from "./free-credits-notice";

describe("the free credits of a new account", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says where the confirmation link went and sends a new one on request", async () => {
    const fetchMock = mockApi({
      "POST /api/auth/send-verification-email": () => jsonResponse(200, { status: true }),
    });
    renderWithRouter(
      <FreeCreditsNotice account={{ ...testAccount, credits: 0, freeCredits: "awaiting_verification" }} />,
    );
    expect(screen.getByText(messages.auth.checkEmail(SIGNUP_BONUS_CREDITS, testAccount.user.email))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: messages.auth.resendLink }));
    expect(await screen.findByText(messages.auth.linkResent)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: testAccount.user.email });
  });

  it("tells an account over the daily cap why it has no credits", () => {
    renderWithRouter(<FreeCreditsNotice account={{ ...testAccount, credits: 0, freeCredits: "capped" }} />);
    expect(screen.getByText(messages.auth.freeCreditsCapped(SIGNUP_BONUS_CREDITS))).toBeTruthy();
  });

  it("shows nothing once the credits arrived", () => {
    const { container } = renderWithRouter(<FreeCreditsNotice account={{ ...testAccount, freeCredits: "granted" }} />);
    expect(container.textContent).toBe("");
  });

  it("the confirmation link's page says the credits were added, or that the link failed", async () => {
    mockApi({ "/api/session": () => responses.account({ ...testAccount, freeCredits: "granted" }) });
    const confirmed = renderApp("/email-confirmed");
    expect(await screen.findByRole("heading", { level: 1, name: messages.auth.emailConfirmedTitle })).toBeTruthy();
    expect(await screen.findByText(messages.auth.freeCreditsAdded(SIGNUP_BONUS_CREDITS))).toBeTruthy();
    confirmed.unmount();
    renderApp("/email-confirmed?error=TOKEN_EXPIRED");
    expect(await screen.findByRole("heading", { level: 1, name: messages.auth.linkInvalidTitle })).toBeTruthy();
    expect(screen.getByText(messages.auth.linkInvalid)).toBeTruthy();
  });
});
