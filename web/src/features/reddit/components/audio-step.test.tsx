import { messages, type UserFile } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentProps, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { AudioStep, isAcceptedVoiceOver } from "./audio-step";
import { formatClock, VoiceRecorder } from "./voice-recorder";

const take: UserFile = {
  id: "11111111-1111-4111-8111-111111111111",
  original_filename: "my take.webm",
  type: "voice-over",
  mime_type: "audio/webm",
  size: 48_000,
  created_at: "2026-01-02T10:00:00.000Z",
  url: "/files/take.webm",
};

const values = {
  background_music: "no-music",
  voice: "alloy",
  narrator: "ai" as const,
  voiceover_file_id: null,
  language: "english" as const,
};

/** The step with its values kept, as the builder keeps its draft; `onChange` sees every patch. */
function StatefulAudioStep({ onChange }: { onChange: (patch: object) => void }) {
  const [state, setState] = useState<ComponentProps<typeof AudioStep>["values"]>(values);
  return (
    <AudioStep
      music={[]}
      voices={[]}
      values={state}
      script={{ post_title: "AITA for reading it myself?", script: "It all started on a Tuesday." }}
      onChange={(patch) => {
        onChange(patch);
        setState((s) => ({ ...s, ...patch }));
      }}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("what a voice-over upload may be", () => {
  it("takes browser recordings and audio files, by type or name, and nothing else", () => {
    expect(isAcceptedVoiceOver({ name: "blob", type: "audio/webm;codecs=opus" })).toBe(true);
    expect(isAcceptedVoiceOver({ name: "take.ogg", type: "" })).toBe(true);
    expect(isAcceptedVoiceOver({ name: "take.m4a", type: "audio/x-m4a" })).toBe(true);
    expect(isAcceptedVoiceOver({ name: "notes.txt", type: "text/plain" })).toBe(false);
    expect(isAcceptedVoiceOver({ name: "clip.mp4", type: "video/mp4" })).toBe(false);
  });

  it("shows lengths as minutes and seconds", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65.9)).toBe("1:05");
    expect(formatClock(300)).toBe("5:00");
  });
});

describe("the Reddit audio step's language", () => {
  it("lists only the voices that speak the story's language", () => {
    const voice = (id: string, name: string, languages: string[]) => ({
      id,
      name,
      gender: "male" as const,
      age: "Adult",
      language: "English",
      languages,
      previewUrl: null,
    });
    renderWithRouter(
      <AudioStep
        music={[]}
        voices={[voice("alloy", "Blake", ["english", "spanish"]), voice("echo", "Cayleb", ["english"])]}
        values={{ ...values, language: "spanish" }}
        script={{ post_title: "¿Soy la mala?", script: "Todo empezó un martes." }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText("Blake")).toBeTruthy();
    expect(screen.queryByText("Cayleb")).toBeNull();
    // Each voice says the language it will read.
    expect(screen.getByText(/Male · Adult · Spanish/i)).toBeTruthy();
  });
});

describe("the Reddit audio step's narrator", () => {
  it("offers your own voice with the text to read and Your Library; an AI voice again clears it", async () => {
    mockApi({ "/api/files?type=voice-over": () => jsonResponse(200, { items: [take] }) });
    const onChange = vi.fn();
    renderWithRouter(<StatefulAudioStep onChange={onChange} />);
    expect(screen.queryByText("It all started on a Tuesday.")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Your own voice" }));
    expect(onChange).toHaveBeenLastCalledWith({ narrator: "own" });
    const toRead = screen.getByLabelText("What to read");
    expect(toRead.textContent).toContain("AITA for reading it myself?");
    expect(toRead.textContent).toContain("It all started on a Tuesday.");
    // Until there is a recording, the step says what Generate waits for.
    expect(screen.getByRole("status").textContent).toBe(messages.reddit.voiceOverRequired);
    await userEvent.click(await screen.findByText("my take.webm"));
    expect(onChange).toHaveBeenLastCalledWith({ voiceover_file_id: take.id });
    expect(screen.queryByText(messages.reddit.voiceOverRequired)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "AI voice" }));
    expect(onChange).toHaveBeenLastCalledWith({ narrator: "ai", voiceover_file_id: null });
    expect(screen.queryByLabelText("What to read")).toBeNull();
  });

  it("shows the server's reason for refusing the recording at the field", async () => {
    mockApi({ "/api/files?type=voice-over": () => jsonResponse(200, { items: [take] }) });
    renderWithRouter(
      <AudioStep
        music={[]}
        voices={[]}
        values={{ ...values, narrator: "own", voiceover_file_id: take.id }}
        script={{ post_title: "A title", script: "A story." }}
        onChange={vi.fn()}
        errors={{ voiceover_file_id: messages.files.notFound }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(messages.files.notFound);
  });
});

/** A microphone and a MediaRecorder that hands over one chunk of "recorded" bytes when stopped. */
function stubRecording() {
  const stopTrack = vi.fn();
  vi.stubGlobal("navigator", {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })) },
  });
  class FakeRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type === "audio/webm;codecs=opus";
    mimeType = "audio/webm;codecs=opus";
    state = "inactive";
    start() {
      this.state = "recording";
    }
    stop() {
      this.state = "inactive";
      const data = Object.assign(new Event("dataavailable"), { data: new Blob([new Uint8Array(64)]) });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event("stop"));
    }
  }
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:take", revokeObjectURL: () => {} }));
  return { stopTrack };
}

describe("recording in the browser", () => {
  it("records, stops the microphone, plays the take back and offers to record again or use it", async () => {
    const { stopTrack } = stubRecording();
    mockApi({});
    renderWithRouter(<VoiceRecorder onUploaded={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Start recording" }));
    expect((await screen.findByRole("timer", { name: "Recording time" })).textContent).toContain("0:00 / 5:00");
    await userEvent.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(stopTrack).toHaveBeenCalled());
    expect(screen.getByLabelText("Your take").getAttribute("src")).toBe("blob:take");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Record again" }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Use this recording" }).disabled).toBe(false);
  });

  it("says so when the microphone is refused, and keeps the upload as the way", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    mockApi({});
    renderWithRouter(<VoiceRecorder onUploaded={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Start recording" }));
    expect(await screen.findByText(/The microphone could not be used/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Start recording" }).disabled).toBe(false);
  });
});
