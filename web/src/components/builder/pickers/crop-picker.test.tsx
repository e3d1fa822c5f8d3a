import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { CropPicker, clampCentre, windowShare } from "./crop-picker";

describe("the crop window over the creator's clip", () => {
  it("covers the clip's full height: 9:16 of a landscape clip's height, all of a narrower one", () => {
    expect(windowShare(1920, 1080)).toBeCloseTo((1080 * (9 / 16)) / 1920);
    expect(windowShare(1080, 1920)).toBe(1);
    expect(windowShare(0, 0)).toBe(1);
  });

  it("keeps the whole window on the clip", () => {
    const share = windowShare(1920, 1080);
    expect(clampCentre(0, share)).toBeCloseTo(share / 2);
    expect(clampCentre(1, share)).toBeCloseTo(1 - share / 2);
    expect(clampCentre(0.4, share)).toBe(0.4);
  });

  it("moves with the arrow keys, further with Shift, and to either edge with Home and End", () => {
    const onChange = vi.fn();
    const { container } = render(<CropPicker src="/clip.mp4" value={0.5} onChange={onChange} />);
    const video = container.querySelector("video") as HTMLVideoElement;
    Object.defineProperty(video, "videoWidth", { value: 1920 });
    Object.defineProperty(video, "videoHeight", { value: 1080 });
    fireEvent.loadedMetadata(video);
    const slider = screen.getByRole("slider", { name: "Part of your footage in the frame" });
    expect(slider.getAttribute("aria-valuenow")).toBe("50");
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(onChange).toHaveBeenLastCalledWith(0.52);
    fireEvent.keyDown(slider, { key: "ArrowLeft", shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith(0.4);
    const half = windowShare(1920, 1080) / 2;
    fireEvent.keyDown(slider, { key: "Home" });
    expect(onChange).toHaveBeenLastCalledWith(Math.round(half * 1000) / 1000);
    fireEvent.keyDown(slider, { key: "End" });
    expect(onChange).toHaveBeenLastCalledWith(Math.round((1 - half) * 1000) / 1000);
    // The window is drawn where the value puts it, as wide as the share.
    expect(Number.parseFloat(slider.style.width)).toBeCloseTo(windowShare(1920, 1080) * 100, 2);
    expect(Number.parseFloat(slider.style.left)).toBeCloseTo((0.5 - half) * 100, 2);
  });
});
