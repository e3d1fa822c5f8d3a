import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import { isNavItemActive } from "./app-nav";
import { AppSidebar } from "./app-sidebar";

function renderSidebarAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppSidebar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const current = (name: string) => screen.getByRole("link", { name }).getAttribute("aria-current");
  return { current };
}

describe("sidebar navigation", () => {
  it("marks an item active when the path starts with the item's path", () => {
    const { current } = renderSidebarAt("/create/reddit-story");
    expect(current("Creator Studio")).toBe("page");
    expect(current("Home")).toBeNull();
    expect(current("Finished Videos")).toBeNull();
    expect(current("Settings")).toBeNull();
  });

  it("moves the active mark with the path", () => {
    const { current } = renderSidebarAt("/dashboard");
    expect(current("Finished Videos")).toBe("page");
    expect(current("Creator Studio")).toBeNull();
  });

  it("matches by prefix, as the spec says", () => {
    expect(isNavItemActive("/settings", "/settings")).toBe(true);
    expect(isNavItemActive("/create-video", "/create")).toBe(true);
    expect(isNavItemActive("/home", "/create")).toBe(false);
    expect(isNavItemActive("/", "/home")).toBe(false);
  });

  it("links Help & Support to its page inside the app", () => {
    renderSidebarAt("/home");
    expect(screen.getByRole("link", { name: /Help & Support/ }).getAttribute("href")).toBe("/help");
  });
});
