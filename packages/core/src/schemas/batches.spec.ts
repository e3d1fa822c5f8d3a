import { describe, expect, it } from "vitest";
import { BATCHES, batchColumns, batchMessages, createBatchSchema, parseCsv, readBatch } from "./batches.ts";

const SONG = "0b6f3c52-4f0e-4c43-9d5a-1f0f0d6a8b11";
const batch = (rows: string, extra: Record<string, unknown> = {}) =>
  readBatch(createBatchSchema.parse({ type: "text-hook", rows, ...extra }));

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, line breaks inside quotes, CRLF and a byte-order mark", () => {
    const { records } = parseCsv('\uFEFFa,b,c\r\n1,"two, too","say ""hi"""\n\n"multi\nline",,x\n');
    expect(records).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1", "two, too", 'say "hi"'] },
      { line: 4, cells: ["multi\nline", "", "x"] },
    ]);
  });

  it("keeps a last record without a line break and reports a quote that never closes", () => {
    expect(parseCsv("a,b\n1,2").records).toHaveLength(2);
    expect(parseCsv('a,b\n1,"open\n2,3').unclosedAt).toBe(2);
  });
});

describe("readBatch", () => {
  it("names the type's inputs as the template's columns", () => {
    expect(batchColumns("text-hook")).toEqual([
      "audio_file_id",
      "video_style",
      "text_hook",
      "clip_start",
      "clip_duration",
      "language",
    ]);
  });

  it("reads each row over the defaults, numbers as numbers, an empty cell leaving the default", () => {
    const read = batch(`audio_file_id,text_hook,clip_duration\n${SONG},First,20\n${SONG},,\n`, {
      defaults: { video_style: "boiler-room", text_hook: "Default hook" },
    });
    expect(read.errors).toEqual([]);
    expect(read.cost).toBe(12);
    expect(read.inputs.map((r) => [r.row, r.line, r.input])).toEqual([
      [
        1,
        2,
        {
          audio_file_id: SONG,
          video_style: "boiler-room",
          text_hook: "First",
          clip_start: null,
          clip_duration: 20,
          language: "english",
        },
      ],
      [
        2,
        3,
        {
          audio_file_id: SONG,
          video_style: "boiler-room",
          text_hook: "Default hook",
          clip_start: null,
          clip_duration: 15,
          language: "english",
        },
      ],
    ]);
  });

  it("names every bad row and column in the schema's words, and still counts the whole cost", () => {
    const read = batch(`audio_file_id,video_style,clip_duration\n${SONG},boiler-room,20\nnot-a-file,disco,99\n`);
    expect(read.inputs.map((r) => r.row)).toEqual([1]);
    expect(read.cost).toBe(12);
    expect(read.errors.map((e) => [e.row, e.line, e.column])).toEqual([
      [2, 3, "audio_file_id"],
      [2, 3, "video_style"],
      [2, 3, "clip_duration"],
    ]);
    expect(read.errors[1]?.message).toBe(
      batchMessages.notAChoice(["boiler-room", "roller-coaster", "stunning-nature"]),
    );
    expect(read.errors.every((e) => e.message.length > 0)).toBe(true);
    // A value the row and the defaults both leave out is asked for in plain words.
    expect(batch(`audio_file_id\n${SONG}\n`).errors).toEqual([
      { row: 1, line: 2, column: "video_style", message: batchMessages.required },
    ]);
  });

  it("refuses columns that are not inputs of the type, named twice, or unnamed, before reading any row", () => {
    const read = batch(`audio_file_id,video_style,voice,video_style,\n${SONG},boiler-room,x,y,z\n`);
    expect(read.inputs).toEqual([]);
    expect(read.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [0, "voice", batchMessages.unknownColumn],
      [0, "video_style", batchMessages.duplicateColumn],
      [0, null, batchMessages.noHeader],
    ]);
  });

  it("refuses an empty file, a file of more than the most rows, and a row with too many values", () => {
    expect(batch("audio_file_id,video_style\n").errors[0]?.message).toBe(batchMessages.noRows);
    const many = `audio_file_id,video_style\n${`${SONG},boiler-room\n`.repeat(BATCHES.maxRows + 1)}`;
    expect(batch(many).errors).toEqual([
      {
        row: BATCHES.maxRows + 1,
        line: BATCHES.maxRows + 2,
        column: null,
        message: batchMessages.tooManyRows(BATCHES.maxRows),
      },
    ]);
    expect(batch(`audio_file_id,video_style\n${SONG},boiler-room,extra\n`).errors[0]).toMatchObject({
      row: 1,
      message: batchMessages.wrongCellCount,
    });
  });

  it("reads JSON lines with typed values, and names a line that is not an object", () => {
    const read = batch(
      `{"audio_file_id":"${SONG}","video_style":"boiler-room","clip_start":12.5}\n\n[1,2]\n{"audio_file_id":"${SONG}","video_style":"boiler-room","mood":"x"}`,
      { format: "jsonl" },
    );
    expect(read.inputs.map((r) => [r.row, (r.input as { clip_start: number | null }).clip_start])).toEqual([
      [1, 12.5],
      [3, null],
    ]);
    expect(read.errors.map((e) => [e.row, e.line, e.column, e.message])).toEqual([
      [2, 3, null, batchMessages.notJsonObject],
      [3, 4, "mood", batchMessages.unknownColumn],
    ]);
    expect(read.cost).toBe(18);
  });

  it("reads yes/no and JSON cells for inputs that take them", () => {
    const read = readBatch(
      createBatchSchema.parse({
        type: "green-screen",
        rows: `text_hook,background_file_id,meme_transform\nPOV: it works,${SONG},"{""x"":0.1,""y"":0.2,""scale"":1}"\n`,
      }),
    );
    expect(read.errors.filter((e) => e.column === "meme_transform")).toEqual([]);
  });
});
