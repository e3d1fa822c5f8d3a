import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderWithRouter, testAccount } from "@/test/render";
import { HomeScreen } from "./home-screen";

describe("Home", () => {
  it("welcomes a creator who has not made a video yet, rather than welcoming them back", () => {
    renderWithRouter(<HomeScreen account={{ ...testAccount, videosCreated: 0 }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome, Maya" })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it("welcomes a creator back once they have made a video", () => {
    renderWithRouter(<HomeScreen account={{ ...testAccount, videosCreated: 1 }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back, Maya" })).toBeTruthy();
  });
});
