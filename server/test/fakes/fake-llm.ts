import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: unknown };
}

/**
 * A local stand-in for an OpenAI-compatible chat API on 127.0.0.1: answers /v1/chat/completions with
 * whatever the test queues (a content string or an HTTP status), and records every request.
 */
export async function startFakeLlm() {
  const requests: RecordedRequest[] = [];
  const answers: ({ content: string } | { status: number })[] = [];
  /** Answers each request that finds no queued answer from what it asked (requests sent side by side). */
  let reply: ((body: RecordedRequest["body"]) => string) | undefined;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as RecordedRequest["body"];
      requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      const answer = answers.shift() ?? (reply ? { content: reply(body) } : { status: 500 });
      if ("status" in answer) {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "fake failure" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          choices: [{ index: 0, message: { role: "assistant", content: answer.content }, finish_reason: "stop" }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (content: string) => answers.push({ content }),
    fail: (status: number) => answers.push({ status }),
    /** Answers every request no queued answer takes with `by(request)`; undefined goes back to failing them. */
    replyWith: (by: ((body: RecordedRequest["body"]) => string) | undefined) => {
      reply = by;
    },
    /** Drops the answers no request has taken. */
    clear: () => {
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
