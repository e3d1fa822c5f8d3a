import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { LibraryTiles } from "./library-tiles";

describe("LibraryTiles", () => {
  it("credits stock footage on its tile and nothing on a drawn one", () => {
    render(
      <LibraryTiles
        label="Background video"
        value="minecraft"
        onChange={() => {}}
        tiles={[
          {
            id: "minecraft",
            title: "Minecraft-style Parkour",
            thumbnailUrl: "/t/minecraft.jpg",
            credit: { provider: "Pexels", author: "Jane Doe" },
          },
          { id: "gta5", title: "GTA-style City Drive", thumbnailUrl: "/t/gta5.jpg" },
        ]}
      />,
    );
    const stock = screen.getByRole("radio", { name: "Minecraft-style Parkour" });
    const drawn = screen.getByRole("radio", { name: "GTA-style City Drive" });
    expect(stock.textContent).toContain("Pexels · Jane Doe");
    expect(drawn.textContent).not.toContain("Pexels");
  });
});
