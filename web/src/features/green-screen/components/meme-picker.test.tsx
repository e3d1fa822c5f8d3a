import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { MemePicker } from "./meme-picker";

describe("MemePicker", () => {
  it("credits a recorded meme on its tile and nothing on a drawn one", () => {
    render(
      <MemePicker
        value={null}
        onChange={() => {}}
        memes={[
          {
            id: "dancing-stickman",
            title: "Dancing Block Character (Minetest)",
            thumbnailUrl: "/t/dance.jpg",
            videoUrl: "/v/dance.mp4",
            durationS: 3,
            credit: {
              provider: "Minetest",
              author: "celeron55 and contributors (CC BY-SA 3.0)",
              authorUrl: "https://www.minetest.net/",
              pageUrl: "https://www.minetest.net/",
            },
          },
          {
            id: "ghost",
            title: "Floating Ghost",
            thumbnailUrl: "/t/ghost.jpg",
            videoUrl: "/v/ghost.mp4",
            durationS: 3,
          },
        ]}
      />,
    );
    expect(screen.getByRole("radio", { name: "Dancing Block Character (Minetest)" }).textContent).toContain(
      "Minetest · celeron55 and contributors (CC BY-SA 3.0)",
    );
    expect(screen.getByRole("radio", { name: "Floating Ghost" }).textContent).not.toContain("Minetest");
  });
});
