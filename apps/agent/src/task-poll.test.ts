import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeUpwatch, type PollAnswer } from "../test/fake-upwatch.ts";
import { ApiClient } from "./client/api-client.ts";
import { createLog } from "./log.ts";
import { startTaskPoll, type TaskHandlers } from "./task-poll.ts";

const KEY = `uwa_${"t".repeat(40)}`;
let server: FakeUpwatch;
let client: ApiClient;

beforeEach(async () => {
  server = new FakeUpwatch(KEY);
  client = new ApiClient({
    apiUrl: await server.start(),
    apiKey: KEY,
    timeoutSeconds: 5,
    userAgent: "upwatch-agent/2.1.0 (linux; x64)",
  });
});

afterEach(async () => {
  client.close();
  await server.stop();
});

/** Polls once per answer (the first at once, the others without waiting) and returns the waits asked for after each. */
async function waitsAfter(answers: PollAnswer[], handlers: TaskHandlers = {}): Promise<number[]> {
  const waits: number[] = [];
  let next = 0;
  server.answerPolls = () => answers[next++]!;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const poll = startTaskPoll(
    client,
    createLog("error", { out: () => {}, err: () => {} }),
    handlers,
    (run, ms) => {
      waits.push(ms);
      if (waits.length === answers.length) {
        finished();
        return setTimeout(() => {}, 0);
      }
      return setTimeout(run, 0);
    },
  );
  await done;
  poll.stop();
  return waits;
}

describe("the task poll", () => {
  it("polls at once, then as often as the server says, kept within 10-300 seconds", async () => {
    const waits = await waitsAfter([
      { status: 200, body: { tasks: [], poll_after_seconds: 45 } },
      { status: 200, body: { tasks: [], poll_after_seconds: 1 } },
      { status: 200, body: { tasks: [], poll_after_seconds: 86_400 } },
      { status: 200, body: { tasks: [] } },
    ]);
    expect(waits).toEqual([45_000, 10_000, 300_000, 30_000]);
    expect(server.polls).toHaveLength(4);
  });

  it("waits out a 429's Retry-After, within the same bounds, and 30 seconds after other failures", async () => {
    const waits = await waitsAfter([
      { status: 429, body: { detail: "Too many requests." }, retryAfter: "120" },
      { status: 429, body: { detail: "Too many requests." }, retryAfter: "3600" },
      { status: 429, body: { detail: "Too many requests." } },
      { status: 503, body: { detail: "Upwatch is starting." }, retryAfter: "200" },
    ]);
    expect(waits).toEqual([120_000, 300_000, 30_000, 30_000]);
  });

  it("hands each task to the handler of its kind and skips kinds it has no handler for", async () => {
    const taken: unknown[] = [];
    const tasks = [
      { id: "tsk_1", kind: "check", check: { type: "tcp" } },
      { id: "tsk_2", kind: "upgrade" },
      { id: "tsk_3", kind: "toString" },
      { kind: "check" },
      { id: "tsk_4", kind: "check" },
    ];
    await waitsAfter([{ status: 200, body: { tasks, poll_after_seconds: 30 } }], {
      check: (task) => taken.push(task),
    });
    expect(taken).toEqual([tasks[0], tasks[4]]);
  });
});
