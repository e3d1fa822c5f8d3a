import { HOW_IT_WORKS_INTERVAL_MS } from "@reelsmith/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HowItWorks, STEPS } from "./how-it-works";

const selected = () => screen.getAllByRole("tab").findIndex((tab) => tab.getAttribute("aria-selected") === "true");

describe("how it works", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("names the spec's three steps", () => {
    render(<HowItWorks />);
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(
      STEPS.map((s, i) => expect.stringContaining(`Step ${i + 1}${s.title}`)),
    );
    expect(STEPS.map((s) => s.title)).toEqual(["Draft your script", "Personalize and design", "Export and share"]);
  });

  it("advances every 10.5 s and wraps around", () => {
    render(<HowItWorks />);
    expect(HOW_IT_WORKS_INTERVAL_MS).toBe(10_500);
    expect(selected()).toBe(0);
    act(() => vi.advanceTimersByTime(HOW_IT_WORKS_INTERVAL_MS - 1));
    expect(selected()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(selected()).toBe(1);
    act(() => vi.advanceTimersByTime(HOW_IT_WORKS_INTERVAL_MS));
    expect(selected()).toBe(2);
    act(() => vi.advanceTimersByTime(HOW_IT_WORKS_INTERVAL_MS));
    expect(selected()).toBe(0);
  });

  it("jumps to a clicked step and restarts the wait from there", () => {
    render(<HowItWorks />);
    act(() => vi.advanceTimersByTime(8000));
    fireEvent.click(screen.getAllByRole("tab")[2] as HTMLElement);
    // The click also focuses (and so holds) the section; leaving it lets the steps move again.
    fireEvent.blur(screen.getAllByRole("tab")[2] as HTMLElement);
    expect(selected()).toBe(2);
    act(() => vi.advanceTimersByTime(HOW_IT_WORKS_INTERVAL_MS - 1));
    expect(selected()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(selected()).toBe(0);
  });

  it("holds the current step while the pointer is over it", () => {
    const { container } = render(<HowItWorks />);
    const area = container.querySelector('[role="tablist"]')?.parentElement as HTMLElement;
    fireEvent.mouseEnter(area);
    act(() => vi.advanceTimersByTime(HOW_IT_WORKS_INTERVAL_MS * 3));
    expect(selected()).toBe(0);
    fireEvent.mouseLeave(area);
    act(() => vi.advanceTimersByTime(HOW_IT_WORKS_INTERVAL_MS));
    expect(selected()).toBe(1);
  });
});
