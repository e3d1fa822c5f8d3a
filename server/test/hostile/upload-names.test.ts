import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanFilename } from "../../src/services/files.service.ts";
import { createHarness, type Harness, json } from "../harness.ts";
import { makeMediaFixtures } from "../media-fixtures.ts";

let h: Harness;
let cookie: string;
let png: Buffer;

beforeAll(async () => {
  png = fs.readFileSync(makeMediaFixtures().png);
  h = await createHarness("pglite");
  cookie = (await h.signUp("names@example.com")).cookie;
});
afterAll(async () => {
  await h.close();
});

/** Uploads a picture under `name` and returns the name the library lists it under. */
async function uploadAs(name: string): Promise<string> {
  const body = new FormData();
  body.set("type", "product-image");
  body.set("file", new Blob([new Uint8Array(png)]), name);
  const response = await h.request("/api/files", { method: "POST", body, cookie });
  expect(response.status).toBe(201);
  const created = (await json(response)) as { id: string; original_filename: string };
  const listed = (await json(h.request("/api/files?type=product-image", { cookie }))) as {
    items: { id: string; original_filename: string }[];
  };
  const item = listed.items.find((file) => file.id === created.id);
  expect(item?.original_filename).toBe(created.original_filename);
  return created.original_filename;
}

describe("upload file names", () => {
  it("keeps a UTF-8 name as sent", async () => {
    expect(await uploadAs("😀 été.png")).toBe("😀 été.png");
  });

  it("keeps only the last path segment, without control or direction-override characters", async () => {
    expect(await uploadAs("..\\..\\etc/pass\twd\u202egnp.exe")).toBe("passwdgnp.exe");
    expect(cleanFilename("a\u0000b\u0007c\u001b.png", "png")).toBe("abc.png");
    expect(cleanFilename("\u202e\u0007 ", "png")).toBe("upload.png");
  });

  it("cuts a long name at 200 whole characters", async () => {
    const name = await uploadAs(`${"😀".repeat(300)}.png`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name).not.toContain("\ufffd");
    expect(name).toBe("😀".repeat(200));
  });
});
