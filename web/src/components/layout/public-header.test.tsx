import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { publicRoutes } from "@/lib/site-routes";
import { ThemeProvider } from "@/lib/theme";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";

function renderHeader(path: string, signedIn: boolean) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <PublicHeader signedIn={signedIn} />
        <PublicFooter />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe("public header and footer", () => {
  it("shows the spec's header links, all to registered pages", () => {
    renderHeader("/pricing", false);
    const main = screen.getByRole("navigation", { name: "Main" });
    const links = within(main)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Features", "/#features"],
      ["FAQ", "/faq"],
      ["Pricing", "/pricing"],
      ["Bespoke Solutions", "/bespoke"],
    ]);
    const registered = new Set(publicRoutes.filter((r) => r.available).map((r) => r.path));
    for (const a of screen.getAllByRole("link")) {
      const href = a.getAttribute("href") ?? "";
      if (href.startsWith("/") && !["/", "/auth", "/auth?tab=signup", "/home"].includes(href)) {
        expect(registered.has(href), href).toBe(true);
      }
    }
  });

  it("lists exactly the spec's footer links and the API reference", () => {
    renderHeader("/", false);
    const footer = screen.getByRole("contentinfo");
    const labels = within(footer)
      .getAllByRole("navigation")
      .flatMap((nav) =>
        within(nav)
          .getAllByRole("link")
          .map((a) => a.textContent),
      );
    expect(labels.sort()).toEqual([
      "API reference",
      "About",
      "Blog",
      "Contact",
      "FAQ",
      "Features",
      "Pricing",
      "Privacy",
      "Terms",
    ]);
    expect(within(footer).getByText(/HALFOFFWOW/)).toBeTruthy();
  });

  it("sends a signed-in visitor's Features link to /features (the landing page would redirect them)", () => {
    renderHeader("/pricing", true);
    const main = screen.getByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Features" }).getAttribute("href")).toBe("/features");
  });

  it("offers Sign In and the free trial when signed out", () => {
    renderHeader("/", false);
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Start Free Trial" }).getAttribute("href")).toBe("/auth?tab=signup");
    expect(screen.queryByRole("link", { name: "Home" })).toBeNull();
  });

  it("offers Home and Create Video when signed in, and hides Create Video on /create-video", () => {
    const { unmount } = renderHeader("/pricing", true);
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/home");
    expect(screen.getByRole("link", { name: "Create Video" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    unmount();

    renderHeader("/create-video", true);
    expect(screen.getByRole("link", { name: "Home" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Create Video" })).toBeNull();
  });

  it("opens social links in a new tab without an opener", () => {
    renderHeader("/", false);
    for (const name of ["TikTok", "YouTube", "X"]) {
      const link = screen.getByRole("link", { name });
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
  });

  it("toggles and remembers the theme", async () => {
    const user = userEvent.setup();
    renderHeader("/", false);
    await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(document.documentElement.classList.contains("light")).toBe(true);
    expect(localStorage.getItem("reelsmith-theme")).toBe("light");
    await user.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("reelsmith-theme")).toBe("dark");
  });
});
