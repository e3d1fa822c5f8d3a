import { messages, videoTypeCatalogue } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockAccountApi, renderApp, responses } from "@/test/render";

describe("routes", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends a signed-in visitor from / to /home", async () => {
    mockAccountApi(responses.account);
    const { router } = renderApp("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(await screen.findByRole("heading", { level: 1, name: messages.home.welcomeBack("Maya") })).toBeTruthy();
  });

  it("shows the landing page to a signed-out visitor, with SEO tags", async () => {
    mockAccountApi(responses.signedOut);
    const { router } = renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: /Create viral content in seconds/ })).toBeTruthy();
    expect(document.querySelector("section#features h2")?.textContent).toBe("The future of content");
    expect(screen.getAllByRole("link", { name: /^Try / })).toHaveLength(5);
    await waitFor(() => expect(document.title).toContain("Reelsmith"));
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("index, follow");
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${window.location.origin}/`);
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    ["/app/faq", "/faq"],
    ["/dashboard/faq", "/faq"],
    ["/app/features", "/features"],
    ["/dashboard/features", "/features"],
  ])("redirects %s to %s", async (from, to) => {
    mockAccountApi(responses.signedOut);
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows the 404 page for unknown paths, with a way home", async () => {
    mockAccountApi(responses.signedOut);
    const user = userEvent.setup();
    const { router } = renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: messages.common.notFoundTitle })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow"),
    );
    await user.click(screen.getByRole("link", { name: messages.common.returnHome }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("opens the green screen builder for a signed-in user on /create/greenscreen, inside the app", async () => {
    mockAccountApi(responses.account);
    renderApp("/create/greenscreen");
    expect(await screen.findByRole("heading", { level: 1, name: "Green Screen Memes" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /coming soon/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: messages.common.notFoundTitle })).toBeNull();
    // The app shell: its sidebar's navigation is there.
    expect(screen.getAllByRole("link", { name: "Finished Videos" }).length).toBeGreaterThan(0);
  });

  it("opens the music video builder for a signed-in user on /create-video", async () => {
    mockAccountApi(responses.account);
    renderApp("/create-video");
    expect(await screen.findByRole("heading", { level: 1, name: "Music Video" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: messages.common.notFoundTitle })).toBeNull();
  });

  it("opens the UGC ads builder and its photo guidelines for a signed-in user", async () => {
    mockAccountApi(responses.account);
    const builder = renderApp("/ai-ugc-ads");
    expect(await screen.findByRole("heading", { level: 1, name: "AI UGC Ads" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /coming soon/ })).toBeNull();
    builder.unmount();

    // jsdom draws nothing: the examples are canvases without a context there.
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    const user = userEvent.setup();
    const { router } = renderApp("/ai-ugc-ads/guidelines");
    expect(await screen.findByRole("heading", { level: 1, name: "Product photo guidelines" })).toBeTruthy();
    for (const rule of ["At least 1080 × 1080", "Square (1:1)", "Plain background", "No text overlays"]) {
      expect(screen.getByText(rule)).toBeTruthy();
    }
    expect(screen.getAllByRole("img", { name: /bottle/ })).toHaveLength(4);
    await user.click(screen.getByRole("link", { name: "Back to AI UGC Ads" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/ai-ugc-ads"));
  });

  it("tells a signed-out visitor on the UGC photo guidelines to sign in, as on the builder", async () => {
    mockAccountApi(responses.signedOut);
    const { router } = renderApp("/ai-ugc-ads/guidelines");
    expect(await screen.findByRole("heading", { level: 1, name: messages.ugc.authRequired })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/ai-ugc-ads/guidelines");
  });

  it("sends a signed-out visitor on a builder route to /auth", async () => {
    mockAccountApi(responses.signedOut);
    const { router } = renderApp("/create/greenscreen");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("tells a signed-out visitor on the AI builders to sign in, in the spec's words", async () => {
    mockAccountApi(responses.signedOut);
    const ugc = renderApp("/ai-ugc-ads");
    expect(await screen.findByRole("heading", { level: 1, name: messages.ugc.authRequired })).toBeTruthy();
    expect(screen.getByText(messages.ugc.signInRequired)).toBeTruthy();
    expect(ugc.router.state.location.pathname).toBe("/ai-ugc-ads");
    expect(screen.getAllByRole("link", { name: "Sign In" }).at(-1)?.getAttribute("href")).toBe("/auth");
    ugc.unmount();

    renderApp("/ai-video-creator");
    expect(await screen.findByRole("heading", { level: 1, name: messages.faceless.signInRequired })).toBeTruthy();
  });

  it("lists the builders that work first in Creator Studio", async () => {
    mockAccountApi(responses.account);
    renderApp("/create");
    await screen.findByRole("heading", { level: 1, name: "Creator Studio" });
    const names = videoTypeCatalogue.map((t) => t.name);
    const cards = screen
      .getAllByRole("heading", { level: 2 })
      .map((h) => h.textContent ?? "")
      .filter((title) => names.includes(title));
    // The built builders come first, in the catalogue's order; then the rest.
    const built = ["Faceless AI Video", "AI UGC Ads", "Video + Text Hook", "Green Screen Memes", "Reddit Stories"];
    expect(cards).toEqual([...built, ...names.filter((n) => !built.includes(n))]);
  });

  it("marks protected pages noindex", async () => {
    mockAccountApi(responses.account);
    renderApp("/create");
    expect(await screen.findByRole("heading", { level: 1, name: "Creator Studio" })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow"),
    );
    // Only builders that exist are links; the others are disabled, never dead links.
    expect(screen.queryAllByRole("button", { name: /Coming soon/ })).toHaveLength(0);
    expect(screen.getAllByRole("link", { name: /Start/ }).map((a) => a.getAttribute("href"))).toEqual([
      "/ai-video-creator",
      "/ai-ugc-ads",
      "/create-video",
      "/create/greenscreen",
      "/create/reddit-story",
    ]);
  });
});
