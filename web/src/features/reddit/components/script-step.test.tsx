import { formatSpokenLength, messages, redditStoryLength } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentProps, useState } from "react";
import { describe, expect, it, vi } from "vitest";

import { mockApi, renderWithRouter } from "@/test/render";
import { countFromField, ScriptStep, subredditProblem } from "./script-step";

const values: ComponentProps<typeof ScriptStep>["values"] = {
  username: "quietneighbor",
  post_title: "AITA?",
  script: "It started on a Tuesday.",
  avatar_url: null,
  subreddit: "",
  upvotes: null,
  comments: null,
};

/** The step with its values kept, as the builder keeps its draft; `onChange` sees every patch. */
function StatefulScriptStep({ onChange }: { onChange: (patch: object) => void }) {
  const [state, setState] = useState(values);
  return (
    <ScriptStep
      values={state}
      onChange={(patch) => {
        onChange(patch);
        setState((s) => ({ ...s, ...patch }));
      }}
    />
  );
}

describe("the post card fields of the Reddit script step", () => {
  it("reads counts as whole numbers, and an empty field as none", () => {
    expect(countFromField("12,345")).toBe(12_345);
    expect(countFromField(" 7 ")).toBe(7);
    expect(countFromField("")).toBeNull();
    expect(countFromField("abc")).toBeNull();
    // No more digits than the largest count has.
    expect(countFromField("1234567890")).toBe(12_345_678);
  });

  it("finds a subreddit's problem with the schema's words, and none in an empty field", () => {
    expect(subredditProblem("")).toBeUndefined();
    expect(subredditProblem("tifu")).toBeUndefined();
    expect(subredditProblem("ab")).toBe(messages.reddit.subredditInvalid);
    expect(subredditProblem("ask-reddit")).toBe(messages.reddit.subredditInvalid);
  });

  it("says what is wrong with a subreddit once the field is left, and takes one without its r/ and the counts", async () => {
    mockApi({});
    const onChange = vi.fn();
    renderWithRouter(<StatefulScriptStep onChange={onChange} />);
    const subreddit = screen.getByLabelText("Subreddit");
    expect(subreddit.getAttribute("placeholder")).toBe("AskReddit");
    // Nothing is said while a name is being typed; once the field is left, what is wrong with it.
    await userEvent.type(subreddit, "ab");
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole("alert").textContent).toBe(messages.reddit.subredditInvalid);
    await userEvent.clear(subreddit);
    await userEvent.type(subreddit, "r/tifu");
    expect(onChange).toHaveBeenLastCalledWith({ subreddit: "tifu" });
    expect(screen.queryByRole("alert")).toBeNull();

    await userEvent.type(screen.getByLabelText("Upvotes"), "48,213");
    expect(onChange).toHaveBeenLastCalledWith({ upvotes: 48_213 });
    await userEvent.type(screen.getByLabelText("Comments"), "1907");
    expect(onChange).toHaveBeenLastCalledWith({ comments: 1907 });
    await userEvent.clear(screen.getByLabelText("Comments"));
    expect(onChange).toHaveBeenLastCalledWith({ comments: null });
  });

  it("tells how long the story will run as it is typed, against the 45-90 s a Reddit story holds viewers", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithRouter(<StatefulScriptStep onChange={() => {}} />);
    const script = screen.getByLabelText("Script") as HTMLTextAreaElement;
    const time = (text: string) => formatSpokenLength(redditStoryLength(text).seconds);
    expect(screen.getByText(messages.reddit.storyLengthShort(time(values.script)))).toBeTruthy();
    expect(script.getAttribute("aria-describedby")).toContain(`${script.id}-length`);

    const story = Array.from({ length: 180 }, () => "so").join(" ");
    await user.clear(script);
    await user.click(script);
    await user.paste(story);
    expect(screen.getByText(messages.reddit.storyLengthGood(time(story)))).toBeTruthy();

    const saga = Array.from({ length: 300 }, () => "so").join(" ");
    await user.clear(script);
    await user.click(script);
    await user.paste(saga);
    expect(screen.getByText(messages.reddit.storyLengthLong(time(saga)))).toBeTruthy();

    await user.clear(script);
    expect(document.querySelector("[data-fit]")).toBeNull();
  });

  it("shows the server's reason for refusing a field at that field", () => {
    mockApi({});
    renderWithRouter(
      <ScriptStep values={values} onChange={vi.fn()} errors={{ upvotes: messages.reddit.upvotesInvalid }} />,
    );
    expect(screen.getByRole("alert").textContent).toBe(messages.reddit.upvotesInvalid);
    expect(screen.getByLabelText("Upvotes").getAttribute("aria-invalid")).toBe("true");
  });
});
