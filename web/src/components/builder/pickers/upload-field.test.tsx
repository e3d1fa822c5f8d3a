import { FILE_ACCEPT, isAcceptedAudioFile, messages, type UserFile } from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeUpload } from "@/test/fake-upload";
import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { UploadField, type UploadFieldMessages } from "./upload-field";

const audioMessages: UploadFieldMessages = {
  invalidType: { title: messages.musicVideo.invalidFileTypeTitle, description: messages.musicVideo.invalidFileType },
  tooLarge: { title: messages.files.tooLarge },
  deleted: { title: messages.files.deleted },
  deleteFailed: { title: messages.files.deleteFailed },
};

const song: UserFile = {
  id: "f1",
  original_filename: "song.mp3",
  type: "audio-file",
  mime_type: "audio/mpeg",
  size: 3_400_000,
  created_at: "2026-01-02T10:00:00.000Z",
  url: "/files/f1.mp3",
};

function renderField(onChange = vi.fn()) {
  const view = renderWithRouter(
    <UploadField
      kind="audio-file"
      value={null}
      onChange={onChange}
      accept={FILE_ACCEPT["audio-file"]}
      isAccepted={isAcceptedAudioFile}
      messages={audioMessages}
      prompt="Drop your song here"
      hint="MP3, WAV or AAC, up to 10 MB"
    />,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  return { ...view, input, onChange };
}

describe("UploadField", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    FakeUpload.last = null;
  });

  it("refuses a file of the wrong type with the spec's message and sends nothing", async () => {
    mockApi({ "/api/files?type=audio-file": () => jsonResponse(200, { items: [] }) });
    const send = vi.spyOn(XMLHttpRequest.prototype, "send");
    const user = userEvent.setup({ applyAccept: false });
    const { input, onChange } = renderField();
    await user.upload(input, new File(["not audio"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText(messages.musicVideo.invalidFileTypeTitle)).toBeTruthy();
    expect(screen.getByText("Please upload an MP3, WAV, or AAC audio file.")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses a file over 10 MB with the caller's message and sends nothing", async () => {
    mockApi({ "/api/files?type=audio-file": () => jsonResponse(200, { items: [] }) });
    const send = vi.spyOn(XMLHttpRequest.prototype, "send");
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderField();
    const big = new File(["x"], "long-mix.mp3", { type: "audio/mpeg" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await screen.findByText(messages.files.tooLarge)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("uploads an accepted file with progress and picks it", async () => {
    mockApi({
      "/api/files?type=audio-file": [
        () => jsonResponse(200, { items: [] }),
        () => jsonResponse(200, { items: [song] }),
      ],
    });
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    const user = userEvent.setup();
    const { input, onChange } = renderField();
    await user.upload(input, new File(["ID3"], "song.mp3", { type: "audio/mpeg" }));
    expect(await screen.findByText("50%")).toBeTruthy();
    expect(screen.getByText("Uploading song.mp3")).toBeTruthy();
    expect(FakeUpload.last?.url).toBe("/api/files?type=audio-file");
    FakeUpload.last?.finish(201, song);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(song));
    expect(await screen.findByRole("radio", { name: /song\.mp3/ })).toBeTruthy();
    expect(screen.queryByText("50%")).toBeNull();
  });

  it("lists earlier uploads to reuse, and deletes one with the spec's toast", async () => {
    const fetchMock = mockApi({
      "/api/files?type=audio-file": [
        () => jsonResponse(200, { items: [song] }),
        () => jsonResponse(200, { items: [] }),
      ],
      "DELETE /api/files/f1": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const { onChange } = renderField();
    await user.click(await screen.findByRole("radio", { name: /song\.mp3/ }));
    expect(onChange).toHaveBeenCalledWith(song);

    await user.click(screen.getByRole("button", { name: "Delete song.mp3" }));
    expect(await screen.findByText(messages.files.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("radio", { name: /song\.mp3/ })).toBeNull());
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url) === "/api/files/f1" && init?.method === "DELETE"),
    ).toBe(true);
  });

  it("says the file could not be deleted, and keeps it, when the server fails", async () => {
    mockApi({
      "/api/files?type=audio-file": () => jsonResponse(200, { items: [song] }),
      "DELETE /api/files/f1": () => jsonResponse(500, { code: "INTERNAL", message: "boom", requestId: "r" }),
    });
    const user = userEvent.setup();
    renderField();
    await user.click(await screen.findByRole("button", { name: "Delete song.mp3" }));
    expect(await screen.findByText("Failed to delete file. Please try again.")).toBeTruthy();
    expect(screen.getByRole("radio", { name: /song\.mp3/ })).toBeTruthy();
  });
});
