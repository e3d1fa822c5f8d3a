import { FAQ_ENTRY_COUNT } from "@reelsmith/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FaqAccordion, faqStructuredData } from "./faq-accordion";
import { FAQ } from "./faq-entries";

const trigger = (question: string) => screen.getByRole("button", { name: question });

describe("FAQ accordion", () => {
  it("has the spec's fifteen questions, the first one open", () => {
    render(<FaqAccordion entries={FAQ} />);
    expect(FAQ).toHaveLength(FAQ_ENTRY_COUNT);
    expect(screen.getAllByRole("button")).toHaveLength(FAQ_ENTRY_COUNT);
    const [first, second] = FAQ;
    expect(trigger(first?.question ?? "").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(first?.answer ?? "")).toBeTruthy();
    expect(trigger(second?.question ?? "").getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps one item open at a time, and closes the open one on a second click", async () => {
    const user = userEvent.setup();
    render(<FaqAccordion entries={FAQ} />);
    const [first, , third] = FAQ;
    await user.click(trigger(third?.question ?? ""));
    expect(trigger(third?.question ?? "").getAttribute("aria-expanded")).toBe("true");
    expect(trigger(first?.question ?? "").getAttribute("aria-expanded")).toBe("false");
    expect(screen.getAllByRole("button").filter((b) => b.getAttribute("aria-expanded") === "true")).toHaveLength(1);
    await user.click(trigger(third?.question ?? ""));
    expect(screen.getAllByRole("button").filter((b) => b.getAttribute("aria-expanded") === "true")).toHaveLength(0);
  });

  it("describes every question as FAQPage structured data", () => {
    const data = faqStructuredData(FAQ) as {
      "@type": string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(FAQ_ENTRY_COUNT);
    expect(data.mainEntity[0]).toMatchObject({ name: FAQ[0]?.question, acceptedAnswer: { text: FAQ[0]?.answer } });
  });
});
