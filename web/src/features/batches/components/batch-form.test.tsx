import { batchMessages } from "@reelsmith/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderWithRouter } from "@/test/render";
import { testVideo } from "@/test/video";
import { BatchForm } from "./batch-form";

const SONG = "0b6f3c52-4f0e-4c43-9d5a-1f0f0d6a8b11";
const reply = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const video = (id: string, title: string) => testVideo({ id, title, type: "text-hook", stage: "Queued" });

function chooseFile(text: string, name = "songs.csv") {
  fireEvent.change(screen.getByLabelText(batchMessages.fileLabel), {
    target: { files: [new File([text], name, { type: "text/csv" })] },
  });
}

describe("the batch form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's bad rows, then makes the fixed file at once and opens the batch", async () => {
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      "POST /api/batches/check": [
        reply(200, {
          rows: 2,
          cost: 12,
          errors: [{ row: 2, line: 3, column: "video_style", message: "Invalid option" }],
        }),
        reply(200, { rows: 2, cost: 12, errors: [] }),
      ],
      "POST /api/batches": reply(201, {
        id: "9e0b1f7e-2f4c-4c1b-8d7e-0a1b2c3d4e5f",
        type: "text-hook",
        name: "songs.csv",
        row_count: 2,
        cost: 12,
        counts: { processing: 2, finished: 0, failed: 0 },
        created_at: "2026-12-01T00:00:00.000Z",
        rows: [
          { row: 1, video: video("a", "One") },
          { row: 2, video: video("b", "Two") },
        ],
      }),
    });
    const { router } = renderWithRouter(<BatchForm />, { path: "/create?tab=batch" });

    chooseFile(`audio_file_id,video_style\n${SONG},boiler-room\n${SONG},disco\n`);
    fireEvent.change(screen.getByLabelText(batchMessages.defaultsLabel), { target: { value: "[1]" } });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: batchMessages.check }) as HTMLButtonElement).disabled).toBe(false),
    );
    // Defaults that are not one JSON object are refused here, before anything is sent.
    fireEvent.click(screen.getByRole("button", { name: batchMessages.check }));
    expect(await screen.findByText(batchMessages.defaultsInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(batchMessages.defaultsLabel), { target: { value: '{"text_hook":"Hi"}' } });
    fireEvent.click(screen.getByRole("button", { name: batchMessages.check }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(batchMessages.invalid(1))).toBeTruthy();
    expect(within(alert).getByText("video_style")).toBeTruthy();
    expect(within(alert).getByText("Invalid option")).toBeTruthy();
    expect(screen.queryByRole("button", { name: batchMessages.create(2, 12) })).toBeNull();
    sent.push(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)));
    expect(sent[0]).toMatchObject({
      type: "text-hook",
      format: "csv",
      name: "songs.csv",
      defaults: { text_hook: "Hi" },
    });

    chooseFile(`audio_file_id,video_style\n${SONG},boiler-room\n${SONG},boiler-room\n`);
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: batchMessages.check }));
    expect(await screen.findByText(new RegExp(batchMessages.ready(2, 12).replace(/[.]/g, "\\.")))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: batchMessages.create(2, 12) }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/create/batches/9e0b1f7e-2f4c-4c1b-8d7e-0a1b2c3d4e5f"),
    );
  });
});
