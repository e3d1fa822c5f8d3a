import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { messages, VIDEO_TYPES } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { credits } from "../src/db/schema/index.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, type Harness, json, ORIGIN } from "./harness.ts";
import { testMedia } from "./media.ts";
import { makeMediaFixtures } from "./media-fixtures.ts";

let fixtures: ReturnType<typeof makeMediaFixtures>;
beforeAll(() => {
  fixtures = makeMediaFixtures();
});

/** What a tool answered: its structured content, or the text of its refusal. */
type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown>; content?: unknown };
const textOf = (result: ToolAnswer) => (result.content as { text: string }[])[0]?.text;

describe("the MCP server", () => {
  let h: Harness;
  let close: () => Promise<void> = async () => {};
  afterEach(async () => {
    await close();
    await h.close();
  });

  it("lets an agent with an API key upload a song, make a music video, follow it to the end and download it", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(new TestRenderer()), queue: { work: true } });
    // A real HTTP server on loopback: the SDK's client speaks streamable HTTP to it as to any server.
    const server = serve({ fetch: h.ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));

    const { cookie } = await h.signUp("agent@example.com");
    const makeKey = async (scopes: string[]) =>
      (
        await json(
          h.request("/api/api-keys", { method: "POST", body: JSON.stringify({ name: "agent", scopes }), cookie }),
        )
      ).key as string;
    const [writer, reader] = [await makeKey(["read", "create"]), await makeKey(["read"])];
    const connect = async (key: string) => {
      const client = new Client({ name: "test-agent", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
      return client;
    };
    const agent = await connect(writer);
    const call = (name: string, args: Record<string, unknown> = {}) =>
      agent.callTool({ name, arguments: args }) as Promise<ToolAnswer>;

    // One create tool per video type, from the registry, each with its type's own fields.
    const { tools } = await agent.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["list_catalog", "get_credits", "upload_file", "get_video", "list_videos"]),
    );
    for (const type of VIDEO_TYPES) expect(names).toContain(`create_${type.replaceAll("-", "_")}_video`);
    const textHookTool = tools.find((t) => t.name === "create_text_hook_video");
    expect(Object.keys(textHookTool?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["audio_file_id", "video_style", "text_hook"]),
    );

    const catalog = (await call("list_catalog")).structuredContent;
    expect(catalog?.video_types).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "text-hook", tool: "create_text_hook_video", cost: 6 })]),
    );
    expect((await call("get_credits")).structuredContent).toMatchObject({ balance: 20 });

    const song = (
      await call("upload_file", {
        type: "audio-file",
        filename: "drop.mp3",
        content_base64: fs.readFileSync(fixtures.mp3).toString("base64"),
      })
    ).structuredContent;
    expect(song).toMatchObject({ type: "audio-file" });
    const made = await call("create_text_hook_video", {
      audio_file_id: song?.id,
      video_style: "boiler-room",
      text_hook: "POV: the drop hits",
    });
    expect(made.isError).toBeFalsy();
    const videoId = made.structuredContent?.id as string;
    expect(made.structuredContent).toMatchObject({ type: "text-hook", status: "processing", cost: 6 });

    // Followed until finished, then downloaded from the signed link it answers.
    let video: Record<string, unknown> | undefined;
    for (let i = 0; i < 120 && video?.status !== "finished"; i++) {
      video = (await call("get_video", { id: videoId })).structuredContent;
      if (video?.status !== "finished") await new Promise((r) => setTimeout(r, 250));
    }
    expect(video?.status).toBe("finished");
    // Links are absolute, on the server's PUBLIC_URL (the harness's ORIGIN; this listener stands in for it).
    const link = new URL(String(video?.download_url));
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toMatch(/^\/api\/media\//);
    const download = await fetch(`${base}${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await call("list_videos")).structuredContent).toMatchObject({ total: 1, counts: { finished: 1 } });
    const [spend] = await h.db.db.select().from(credits).where(eq(credits.videoId, videoId));
    expect(spend?.apiKeyId).not.toBeNull();

    // A batch: a bad row refuses it whole, named by row, line and column; a good one is made at once.
    expect(names).toEqual(expect.arrayContaining(["create_batch", "get_batch"]));
    const stories = (style: string) =>
      `post_title,script,caption_style\nFirst,"One, short.",fire\nSecond,"Two, short.",${style}\n`;
    const defaults = {
      username: "agent",
      background_video: "minecraft",
      background_music: "lofi-rainy-window",
      voice: "nova",
    };
    const badBatch = await call("create_batch", { type: "reddit", rows: stories("sparkly"), defaults });
    expect(badBatch).toMatchObject({ isError: true });
    expect(textOf(badBatch)).toMatch(
      /^1 row cannot be made[^\n]*\nRow 2 \(line 3\), caption_style: Not one of the choices/,
    );
    expect((await call("get_credits")).structuredContent).toMatchObject({ balance: 14 });
    const batch = await call("create_batch", { type: "reddit", rows: stories("fire"), defaults, name: "agent.csv" });
    expect(batch.structuredContent).toMatchObject({ row_count: 2, cost: 12, counts: { processing: 2 } });
    const followed = await call("get_batch", { id: batch.structuredContent?.id });
    expect(followed.structuredContent?.rows).toHaveLength(2);

    // Refusals come back as tool errors in the product's words, before anything is charged.
    const wrong = await call("create_text_hook_video", {
      audio_file_id: crypto.randomUUID(),
      video_style: "boiler-room",
    });
    expect(wrong).toMatchObject({ isError: true });
    expect(textOf(wrong)).toBe(messages.files.notFound);
    await call("create_text_hook_video", { audio_file_id: song?.id, video_style: "boiler-room" });
    await call("create_text_hook_video", { audio_file_id: song?.id, video_style: "boiler-room" });
    const broke = await call("create_text_hook_video", { audio_file_id: song?.id, video_style: "boiler-room" });
    expect(broke).toMatchObject({ isError: true });
    expect(textOf(broke)).toBe(messages.credits.insufficientDialog);

    // A read-only key reads and may not make anything; a revoked key is refused at the door.
    const looker = await connect(reader);
    expect(((await looker.callTool({ name: "get_credits" })) as ToolAnswer).structuredContent).toMatchObject({
      balance: 2,
    });
    const denied = (await looker.callTool({
      name: "create_text_hook_video",
      arguments: { audio_file_id: song?.id, video_style: "boiler-room" },
    })) as ToolAnswer;
    expect(textOf(denied)).toBe(messages.apiKeys.mcpReadOnly);
    await looker.close();
    const keys = await json(h.request("/api/api-keys", { cookie }));
    for (const key of keys.items) await h.request(`/api/api-keys/${key.id}`, { method: "DELETE", cookie });
    await expect(connect(writer)).rejects.toThrow(/401|not valid/);
    // A browser session is not an API key.
    const browser = await fetch(`${base}/api/mcp`, {
      method: "POST",
      headers: {
        cookie,
        origin: ORIGIN,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(browser.status).toBe(401);
    expect((await json(browser)).message).toBe(messages.apiKeys.mcpNeedsKey);
    await agent.close();
  });
});
