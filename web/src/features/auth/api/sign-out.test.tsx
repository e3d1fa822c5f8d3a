import { messages } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { authClient } from "@/lib/auth-client";
import { accountFetches, mockAccountApi, renderApp, responses } from "@/test/render";
import { accountQueryKey } from "./get-account";

vi.mock("@/lib/auth-client", () => ({
  authClient: { signOut: vi.fn(), signIn: { email: vi.fn() }, signUp: { email: vi.fn() } },
}));

const signOutMock = vi.mocked(authClient.signOut);

async function signOutFromMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: messages.shell.accountMenu }));
  await user.click(await screen.findByRole("menuitem", { name: messages.auth.signOut }));
}

describe("sign out", () => {
  beforeEach(() => {
    signOutMock.mockReset();
  });

  it("goes to / and stays there even when the sign-out call rejects", async () => {
    signOutMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const fetchMock = mockAccountApi(responses.account);
    const { router, queryClient } = renderApp("/home");
    await screen.findByRole("heading", { level: 1, name: messages.home.welcomeBack("Maya") });
    queryClient.setQueryData(["videos"], []);

    await signOutFromMenu();

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(signOutMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(messages.auth.signOutFailed)).toBeTruthy();
    // The landing page renders and does not bounce back to /home.
    expect(await screen.findByRole("heading", { level: 1, name: /Create viral content in seconds/ })).toBeTruthy();
    expect(queryClient.getQueryData(accountQueryKey)).toBeNull();
    expect(queryClient.getQueryData(["videos"])).toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe("/");
    expect(accountFetches(fetchMock)).toBe(1);
  });

  it("goes to / without an error toast when the server confirms", async () => {
    signOutMock.mockResolvedValue({ data: { success: true }, error: null } as never);
    mockAccountApi(responses.account);
    const { router } = renderApp("/settings");
    await screen.findByRole("heading", { level: 1, name: "Settings" });

    await signOutFromMenu();

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.queryByText(messages.auth.signOutFailed)).toBeNull();
  });

  it("treats an error answer like a failure: still signed out here, with a toast", async () => {
    signOutMock.mockResolvedValue({ data: null, error: { status: 500, statusText: "Server Error" } } as never);
    mockAccountApi(responses.account);
    const { router } = renderApp("/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Finished Videos" });

    await signOutFromMenu();

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText(messages.auth.signOutFailed)).toBeTruthy();
  });
});
