import type { Catalog } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { renderWithRouter } from "@/test/render";
import { FacelessStyleStep, type FacelessValues } from "./faceless-style-step";

const media = (id: string, title: string) => ({
  id,
  title,
  description: `${title} clip`,
  thumbnailUrl: `/t/${id}.jpg`,
  videoUrl: `/v/${id}.mp4`,
});
const catalog = {
  captionStyles: [],
  voices: [],
  backgrounds: [],
  music: [],
  memes: [],
  asmr: [media("fruit", "Fruit Cutting"), media("cube", "Environment Cube Cutting")],
  dreamscape: [media("fashion", "Fashion"), media("nature", "Nature")],
  textHookStyles: [],
} as unknown as Catalog;

function Harness() {
  const [values, setValues] = useState<FacelessValues>({ tab: "asmr", video_type: "fruit", title: "", length_s: 30 });
  return (
    <>
      <FacelessStyleStep values={values} onChange={(v) => setValues((d) => ({ ...d, ...v }))} catalog={catalog} />
      <output data-testid="state">{JSON.stringify(values)}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}") as FacelessValues;

describe("FacelessStyleStep", () => {
  it("resets the style with the tab: AI ASMR gives Fruit Cutting, Dreamscapes Fashion", async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    await user.click(screen.getByRole("radio", { name: "Environment Cube Cutting" }));
    expect(state().video_type).toBe("cube");
    await user.click(screen.getByRole("tab", { name: "Dreamscapes" }));
    expect(state()).toMatchObject({ tab: "dreamscape", video_type: "fashion" });
    expect(screen.getByRole("radio", { name: "Fashion" }).getAttribute("aria-checked")).toBe("true");
    await user.click(screen.getByRole("radio", { name: "Nature" }));
    await user.click(screen.getByRole("tab", { name: "AI ASMR" }));
    expect(state()).toMatchObject({ tab: "asmr", video_type: "fruit" });
  });

  it("announces Micro-Doc as coming soon, disabled, and offers 15, 30 and 60 s", async () => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const microDoc = screen.getByRole("tab", { name: /Micro-Doc/ });
    expect((microDoc as HTMLButtonElement).disabled).toBe(true);
    expect(microDoc.textContent).toContain("Coming Soon");
    expect(screen.getByRole("button", { name: "30 s" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "60 s" }));
    expect(state().length_s).toBe(60);
    await user.type(screen.getByLabelText("Title (optional)"), "Oddly satisfying");
    expect(state().title).toBe("Oddly satisfying");
  });
});
