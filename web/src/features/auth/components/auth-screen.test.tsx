import { messages } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { authClient } from "@/lib/auth-client";
import { mockAccountApi, renderApp, responses, testAccount } from "@/test/render";

vi.mock("@/lib/auth-client", () => ({
  authClient: { signOut: vi.fn(), signIn: { email: vi.fn() }, signUp: { email: vi.fn() } },
}));

const signUpMock = vi.mocked(authClient.signUp.email);
const signInMock = vi.mocked(authClient.signIn.email);

describe("/auth", () => {
  beforeEach(() => {
    signUpMock.mockReset();
    signInMock.mockReset();
  });

  it("opens the Sign Up tab from ?tab=signup and shows inline validation messages from core", async () => {
    mockAccountApi(responses.signedOut);
    const user = userEvent.setup();
    renderApp("/auth?tab=signup");

    expect((await screen.findByRole("tab", { name: messages.auth.signUp })).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByLabelText("Name")).toBeTruthy();
    expect(screen.getByText(messages.auth.passwordHint)).toBeTruthy();

    await user.type(screen.getByLabelText("E-mail"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.tab();

    expect(await screen.findByText(messages.auth.emailInvalid)).toBeTruthy();
    expect(await screen.findByText(messages.auth.passwordTooShort)).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: messages.auth.signUp }));
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it("asks for a letter and a number in the password", async () => {
    mockAccountApi(responses.signedOut);
    const user = userEvent.setup();
    renderApp("/auth?tab=signup");

    await user.type(await screen.findByLabelText("Password"), "abcdefghij");
    await user.tab();
    expect(await screen.findByText(messages.auth.passwordWeak)).toBeTruthy();
  });

  it("shows the server's message inline (role=alert) and keeps the visitor on /auth", async () => {
    mockAccountApi(responses.signedOut);
    signInMock.mockResolvedValue({
      data: null,
      error: { status: 401, code: "INVALID_CREDENTIALS", message: messages.auth.invalidCredentials },
    } as never);
    const user = userEvent.setup();
    const { router } = renderApp("/auth");

    await user.type(await screen.findByLabelText("E-mail"), "Maya@Example.com ");
    await user.type(screen.getByLabelText("Password"), "wrong-pass-1");
    await user.click(screen.getByRole("button", { name: messages.auth.signIn }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(messages.auth.invalidCredentials);
    // The schema trims and lowercases the e-mail before it is sent.
    expect(signInMock).toHaveBeenCalledWith({ email: "maya@example.com", password: "wrong-pass-1" });
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("signs up, refetches the account and lands on /home", async () => {
    mockAccountApi(responses.signedOut, () => responses.account({ ...testAccount, videosCreated: 0 }));
    signUpMock.mockResolvedValue({ data: { token: "t" }, error: null } as never);
    const user = userEvent.setup();
    const { router } = renderApp("/auth?tab=signup");

    await user.type(await screen.findByLabelText("Name"), "Maya Reed");
    await user.type(screen.getByLabelText("E-mail"), "maya@example.com");
    await user.type(screen.getByLabelText("Password"), "correct-horse-9");
    await user.click(screen.getByRole("button", { name: messages.auth.signUp }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(signUpMock).toHaveBeenCalledWith({
      name: "Maya Reed",
      email: "maya@example.com",
      password: "correct-horse-9",
    });
    // A brand-new creator is welcomed, not welcomed back.
    expect(await screen.findByRole("heading", { level: 1, name: messages.home.welcome("Maya") })).toBeTruthy();
  });
});
