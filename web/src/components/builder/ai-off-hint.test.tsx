import { messages } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { TooltipProvider } from "@/components/ui/tooltip";
import { renderWithRouter } from "@/test/render";
import { AiOffHint } from "./ai-off-hint";

async function hintText(): Promise<string> {
  const user = userEvent.setup();
  renderWithRouter(
    <TooltipProvider delayDuration={0}>
      <AiOffHint enabled={false}>
        <button type="button" disabled>
          Write with AI
        </button>
      </AiOffHint>
    </TooltipProvider>,
  );
  await user.tab();
  return (await screen.findByRole("tooltip")).textContent ?? "";
}

describe("AiOffHint", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("tells a creator that AI writing is not enabled, naming no setting", async () => {
    vi.stubEnv("DEV", false);
    const text = await hintText();
    expect(text).toBe(messages.ai.notEnabled);
    expect(text).not.toMatch(/LLM_|[A-Z]{3,}_/);
  });

  it("adds which variables turn it on in a development build", async () => {
    vi.stubEnv("DEV", true);
    expect(await hintText()).toBe(`${messages.ai.notEnabled}${messages.ai.operatorHint}`);
  });
});
