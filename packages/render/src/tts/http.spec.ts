import { describe, expect, it } from "vitest";
import { mapConcurrently } from "./http.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("mapConcurrently", () => {
  it("keeps the items' order and never runs more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrently([5, 1, 4, 2, 3], 2, undefined, async (n, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n * 3));
      running -= 1;
      return `${index}:${n}`;
    });
    expect(results).toEqual(["0:5", "1:1", "2:4", "3:2", "4:3"]);
    expect(most).toBe(2);
  });

  it("throws the first failure and aborts the tasks still running; starts no new ones", async () => {
    const aborted: number[] = [];
    const started: number[] = [];
    const failure = new Error("part 1 failed");
    await expect(
      mapConcurrently([0, 1, 2, 3], 2, undefined, async (n, _index, signal) => {
        started.push(n);
        if (n === 1) throw failure;
        await tick();
        if (signal.aborted) aborted.push(n);
        return n;
      }),
    ).rejects.toBe(failure);
    expect(aborted).toEqual([0]);
    expect(started).not.toContain(3);
  });

  it("stops when the caller's request is aborted", async () => {
    const request = new AbortController();
    const run = mapConcurrently([0, 1, 2], 1, request.signal, async (n, _index, signal) => {
      if (n === 0) request.abort(new Error("cancelled"));
      await tick();
      if (signal.aborted) throw signal.reason;
      return n;
    });
    await expect(run).rejects.toThrow();
  });
});
