import { messages } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { accountFetches, mockAccountApi, renderApp, responses } from "@/test/render";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("protected area guard", () => {
  it("shows Loading... while the account loads, then replaces the entry with /auth on 401", async () => {
    const answer = deferred<Response>();
    const fetchMock = mockAccountApi(() => answer.promise);
    const { router } = renderApp("/home");

    expect(await screen.findByText(messages.common.loading)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/home");
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/session", expect.objectContaining({ credentials: "include" })),
    );
    expect(screen.getByText(messages.common.loading)).toBeTruthy();

    answer.resolve(responses.signedOut());

    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByRole("tab", { name: messages.auth.signIn })).toBeTruthy();
    expect(screen.queryByText(messages.common.loading)).toBeNull();
  });

  it("keeps the visitor on the page and offers a retry when the account cannot be loaded", async () => {
    const fetchMock = mockAccountApi(responses.serverError, responses.account);
    const user = userEvent.setup();
    const { router } = renderApp("/settings");

    expect(await screen.findByText(messages.common.accountLoadFailed)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/settings");

    await user.click(screen.getByRole("button", { name: messages.common.tryAgain }));

    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    expect(accountFetches(fetchMock)).toBe(2);
  });
});
