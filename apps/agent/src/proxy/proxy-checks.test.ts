import type { ServerResponse } from "node:http";
import { agentTaskResultSchema } from "@upwatch/api";
import {
  type LoopbackServer,
  startHttpServer,
  startSilentTcpServer,
} from "@upwatch/checks/testing";
import { CHECK_OPTION_SCHEMAS, type CheckSpec } from "@upwatch/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeUpwatch } from "../../test/fake-upwatch.ts";
import { ApiClient } from "../client/api-client.ts";
import { createLog } from "../log.ts";
import { startTaskPoll } from "../task-poll.ts";
import { createProxyChecks, MAX_RUNNING_CHECKS, type ProxyChecks } from "./proxy-checks.ts";

const KEY = `uwa_${"p".repeat(40)}`;
let server: FakeUpwatch;
let client: ApiClient;
let target: LoopbackServer;
let hits: string[];
let lines: string[];
let proxy: ProxyChecks;
let poll: { stop(): void };
/** What the target does with a request; answers at once by default. */
let onRequest: (path: string, response: ServerResponse) => void;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function checkTask(id: string, check: unknown, deadlineInMs = 120_000) {
  const now = Date.now();
  return {
    id,
    kind: "check",
    monitor_id: "mon_intranet",
    planned_at: now,
    deadline_at: now + deadlineInMs,
    check,
  };
}

function httpCheck(path: string, timeoutMs = 5000): CheckSpec {
  return {
    type: "http",
    target: `http://127.0.0.1:${target.port}${path}`,
    timeoutMs,
    options: CHECK_OPTION_SCHEMAS.http.parse({}),
  };
}

/** Starts taking tasks from the fake server's polls, every 20 ms. */
function startTakingTasks(): void {
  const log = createLog("debug", {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  proxy = createProxyChecks({ client, log, retryDelayMs: () => 20 });
  poll = startTaskPoll(client, log, { check: (task) => proxy.take(task) }, (run) =>
    setTimeout(run, 20),
  );
}

async function stopTakingTasks(graceMs?: number): Promise<void> {
  poll.stop();
  await proxy.stop(graceMs);
}

const logged = (text: string) => lines.some((line) => line.includes(text));

beforeEach(async () => {
  server = new FakeUpwatch(KEY);
  client = new ApiClient({
    apiUrl: await server.start(),
    apiKey: KEY,
    timeoutSeconds: 5,
    userAgent: "upwatch-agent/2.1.0 (linux; x64)",
  });
  hits = [];
  lines = [];
  onRequest = (path, response) => {
    if (path === "/health") response.writeHead(503).end("down for maintenance");
    else response.end("ok");
  };
  target = await startHttpServer((request, response) => {
    hits.push(request.url ?? "/");
    onRequest(request.url ?? "/", response);
  });
});

afterEach(async () => {
  poll?.stop();
  await proxy?.stop(0);
  client.close();
  await server.stop();
  await target.close();
});

describe("check tasks", () => {
  it("runs a task once, against a loopback target, and posts what the target answered", async () => {
    const tcp = await startSilentTcpServer();
    const before = Date.now();
    server.handOut([
      checkTask("tsk_http", httpCheck("/health")),
      checkTask("tsk_tcp", {
        type: "tcp",
        target: `127.0.0.1:${tcp.port}`,
        timeoutMs: 5000,
        options: {},
      }),
    ]);
    startTakingTasks();
    await until(() => server.results.length === 2, "both results");
    await stopTakingTasks();
    await tcp.close();

    expect([...server.started].sort()).toEqual(["tsk_http", "tsk_tcp"]);
    expect(hits).toEqual(["/health"]);
    const [http] = server.resultsOf("tsk_http");
    expect(agentTaskResultSchema.safeParse(http).error).toBeUndefined();
    expect(http).toMatchObject({ outcome: { status: "down", statusCode: 503 } });
    expect((http as { started_at: number }).started_at).toBeGreaterThanOrEqual(before);
    const [tcpResult] = server.resultsOf("tsk_tcp");
    expect(agentTaskResultSchema.safeParse(tcpResult).error).toBeUndefined();
    expect(tcpResult).toMatchObject({ outcome: { status: "up", error: null } });
  });

  it("does not run a task again when polls hand it out again", async () => {
    server.handOut([checkTask("tsk_again", httpCheck("/ok"))], 5);
    startTakingTasks();
    await until(() => server.polls.length >= 6 && server.results.length === 1, "five polls");
    await stopTakingTasks();

    expect(server.started).toEqual(["tsk_again"]);
    expect(hits).toEqual(["/ok"]);
    expect(server.results).toHaveLength(1);
    expect(logged("Task tsk_again was handed out again; this agent already took it.")).toBe(true);
  });

  it("does not run the check when the server answers 409 to started", async () => {
    server.answerStarted = (id) =>
      id === "tsk_done"
        ? { status: 409, detail: "Task tsk_done already has its result." }
        : undefined;
    server.handOut([
      checkTask("tsk_done", httpCheck("/done")),
      checkTask("tsk_open", httpCheck("/open")),
    ]);
    startTakingTasks();
    await until(() => server.results.length === 1 && server.started.length === 2, "the results");
    await stopTakingTasks();

    expect(hits).toEqual(["/open"]);
    expect(server.resultsOf("tsk_done")).toEqual([]);
    expect(
      logged(
        "Task tsk_done was not run: the server answered HTTP 409: Task tsk_done already has its result.",
      ),
    ).toBe(true);
  });

  it("reports a malformed task and an unsupported check type as failures, in sentences, without running them", async () => {
    server.handOut([
      checkTask("tsk_malformed", { type: "http", target: "", timeoutMs: 0, options: {} }),
      checkTask("tsk_multi", { type: "multi_step", target: "", timeoutMs: 5000, options: {} }),
      checkTask("tsk_smtp", { type: "smtp", target: "mail.internal:25" }),
    ]);
    startTakingTasks();
    await until(() => server.results.length === 3, "three refusals");
    await stopTakingTasks();

    expect(server.started).toEqual([]);
    for (const { body } of server.results) {
      expect(agentTaskResultSchema.safeParse(body).error).toBeUndefined();
    }
    const runs = "it runs http, keyword, ping, tcp, dns and ssl checks.";
    expect(server.resultsOf("tsk_multi")).toEqual([
      { failure: `Agent 2.1.0 does not run multi-step checks; ${runs}` },
    ]);
    expect(server.resultsOf("tsk_smtp")).toEqual([
      { failure: `Agent 2.1.0 does not run smtp checks; ${runs}` },
    ]);
    const [malformed] = server.resultsOf("tsk_malformed") as Array<{ failure: string }>;
    expect(malformed!.failure).toMatch(
      /^The agent could not read the task, so it did not run it: check\.target: .+; check\.timeoutMs: .+\.$/,
    );
  });

  it("retries a result the server refuses with 503 and stops once it answers 409", async () => {
    let calls = 0;
    server.answerResult = () =>
      ++calls <= 2
        ? { status: 503, detail: "Upwatch is starting." }
        : { status: 409, detail: "Task tsk_retry already has its result." };
    server.handOut([checkTask("tsk_retry", httpCheck("/ok"))]);
    startTakingTasks();
    await until(() => logged("Task tsk_retry: the server already has an end for it"), "the 409");
    await stopTakingTasks();

    const sent = server.resultsOf("tsk_retry");
    expect(sent).toHaveLength(3);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]).toEqual(sent[0]);
    expect(hits).toEqual(["/ok"]);
  });

  it("sends a result the server refuses with 400 only once, since it would be refused again", async () => {
    server.answerResult = () => ({
      status: 400,
      detail: "The result's outcome.status is not valid.",
    });
    server.handOut([checkTask("tsk_refused", httpCheck("/ok"))]);
    startTakingTasks();
    await until(
      () => logged("Task tsk_refused: the server refused the result with HTTP 400"),
      "the refusal",
    );
    await stopTakingTasks();

    expect(server.resultsOf("tsk_refused")).toHaveLength(1);
  });

  it("sends a result the server refuses with 422 for text it cannot store only once", async () => {
    server.answerResult = () => ({
      status: 422,
      detail:
        "The result's outcome.certificate.fingerprint is not valid (the certificate fingerprint must not contain NUL characters or broken Unicode).",
    });
    server.handOut([checkTask("tsk_unstorable", httpCheck("/ok"))]);
    startTakingTasks();
    await until(
      () => logged("Task tsk_unstorable: the server refused the result with HTTP 422"),
      "the refusal",
    );
    await stopTakingTasks();

    expect(server.resultsOf("tsk_unstorable")).toHaveLength(1);
  });

  it("stops retrying a result once the next attempt would come after the task's deadline", async () => {
    let calls = 0;
    server.answerResult = () => ({
      status: 503,
      detail: "Upwatch is starting.",
      ...(++calls > 1 ? { retryAfter: "30" } : {}),
    });
    server.handOut([checkTask("tsk_late", httpCheck("/ok", 1000), 20_000)]);
    startTakingTasks();
    await until(
      () =>
        logged(
          "Task tsk_late: gave up sending the result; its deadline comes before the next attempt.",
        ),
      "the delivery to end",
    );
    await stopTakingTasks();

    expect(server.resultsOf("tsk_late")).toHaveLength(2);
  });

  it("asks again when the server answers 503 to started, and runs the check once it answers 200", async () => {
    let calls = 0;
    server.answerStarted = () =>
      ++calls === 1 ? { status: 503, detail: "Upwatch is starting." } : undefined;
    server.handOut([checkTask("tsk_restart", httpCheck("/ok"))]);
    startTakingTasks();
    await until(() => server.results.length === 1, "the result");
    await stopTakingTasks();

    expect(server.started).toEqual(["tsk_restart", "tsk_restart"]);
    expect(hits).toEqual(["/ok"]);
    expect(server.resultsOf("tsk_restart")).toEqual([
      expect.objectContaining({ outcome: expect.objectContaining({ status: "up" }) }),
    ]);
  });

  it("does not run the check when the server never confirms its start while it could still end in time", async () => {
    server.answerStarted = () => ({ status: 503, detail: "Upwatch is starting." });
    // A 1 s check may start until 16 s before the deadline: here for about one more second.
    server.handOut([checkTask("tsk_unconfirmed", httpCheck("/ok", 1000), 17_000)]);
    startTakingTasks();
    await until(
      () =>
        logged(
          "Task tsk_unconfirmed was not run: the server did not confirm its start while there was time to run it.",
        ),
      "the agent to give up",
    );
    await stopTakingTasks();

    expect(server.started.length).toBeGreaterThan(1);
    expect(hits).toEqual([]);
    expect(server.results).toEqual([]);
  });

  it("does not start a check that could only end after its deadline", async () => {
    server.handOut([checkTask("tsk_tight", httpCheck("/ok", 10_000), 20_000)]);
    startTakingTasks();
    await until(
      () => logged("Task tsk_tight was not run: too little time was left when its turn came."),
      "the task to be skipped",
    );
    await stopTakingTasks();

    expect(server.started).toEqual([]);
    expect(hits).toEqual([]);
  });

  it(`runs at most ${MAX_RUNNING_CHECKS} checks at once and the others as places free up`, async () => {
    const held: ServerResponse[] = [];
    let holding = true;
    let mostAtOnce = 0;
    onRequest = (_path, response) => {
      if (!holding) return void response.end("ok");
      held.push(response);
      mostAtOnce = Math.max(mostAtOnce, held.length);
    };
    const ids = Array.from({ length: MAX_RUNNING_CHECKS + 5 }, (_, index) => `tsk_${index}`);
    server.handOut(ids.map((id) => checkTask(id, httpCheck(`/${id}`, 10_000))));
    startTakingTasks();
    await until(() => held.length === MAX_RUNNING_CHECKS, "the first checks to reach the target");
    expect(server.started).toHaveLength(MAX_RUNNING_CHECKS);

    holding = false;
    for (const response of held) response.end("ok");
    await until(() => server.results.length === ids.length, "every result");
    await stopTakingTasks();

    expect(mostAtOnce).toBe(MAX_RUNNING_CHECKS);
    expect([...server.started].sort()).toEqual([...ids].sort());
    expect(hits).toHaveLength(ids.length);
  });
});

describe("a stopping agent's check tasks", () => {
  it("lets a running check finish and deliver its result", async () => {
    let answer: () => void = () => {};
    onRequest = (_path, response) => {
      answer = () => response.end("ok");
    };
    server.handOut([checkTask("tsk_finishing", httpCheck("/slow"))]);
    startTakingTasks();
    await until(() => hits.length === 1, "the check to reach the target");
    const stopped = stopTakingTasks();
    answer();
    await stopped;

    expect(server.resultsOf("tsk_finishing")).toEqual([
      expect.objectContaining({ outcome: expect.objectContaining({ status: "up" }) }),
    ]);
  });

  it("abandons a check still running when its time is up, sending no result, and takes no more tasks", async () => {
    onRequest = () => {};
    server.handOut([checkTask("tsk_hanging", httpCheck("/hang", 30_000))], 100);
    startTakingTasks();
    await until(() => hits.length === 1, "the check to reach the target");
    await stopTakingTasks(100);
    proxy.take(checkTask("tsk_after", httpCheck("/after")));

    expect(server.results).toEqual([]);
    expect(server.started).toEqual(["tsk_hanging"]);
    expect(logged("Stopping: 1 of 1 running check did not finish in time")).toBe(true);
  });
});
