// Simulated agents for bench/proxy-tasks.ts, run in their own process. Each agent speaks the
// agent API as the agent program does: it polls for tasks every poll_after_seconds (with a little
// jitter), says it started each task and runs it only after a 200, runs an HTTP check against the
// bench's loopback target, and posts the result, retrying until 2xx, 404, 409 or the deadline.
// It never runs a task id twice; a task handed out again after it started is counted, since an
// agent without that guard would have run it twice. Connections are kept alive.
import { Agent, request } from "node:http";

// A benchmark that dies, even by SIGKILL, closes this channel: end with it rather than outlive it.
process.on("disconnect", () => process.exit(0));

const POLL_JITTER_MS = 2_000;
const MAX_CHECKS_AT_ONCE = 20;
const GRACE_MS = 15_000;

const { url, targetUrl, agents, measureFrom, measureTo, endAt } = await new Promise((resolve) =>
  process.once("message", resolve),
);
const server = new URL(url);
const target = new URL(targetUrl);
const serverPool = new Agent({ keepAlive: true, maxSockets: 256 });
const targetPool = new Agent({ keepAlive: true, maxSockets: 256 });

const counts = {
  polls: {},
  started: {},
  results: {},
  tasksHandedOut: 0,
  tasksRun: 0,
  handedOutAgainBeforeStart: 0,
  handedOutAgainAfterStart: 0,
  malformed: 0,
  gaveUp: 0,
};
const latencies = { poll: [], started: [], result: [] };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call of the agent API; answers its status, JSON body, Retry-After and time taken. */
function call(method, path, key, payload) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve) => {
    const sentAt = Date.now();
    const started = performance.now();
    const req = request(
      {
        host: server.hostname,
        port: server.port,
        method,
        path: `/agent/v1${path}`,
        agent: serverPool,
        headers: {
          authorization: `Bearer ${key}`,
          "user-agent": "upwatch-agent/2.1.0 (linux; x64)",
          ...(body
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          let parsed = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // An empty or non-JSON answer: the status says enough.
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            retryAfterMs: Number(res.headers["retry-after"] ?? 0) * 1000,
            ms: performance.now() - started,
            sentAt,
          });
        });
      },
    );
    req.on("error", () =>
      resolve({ status: 0, body: null, retryAfterMs: 0, ms: performance.now() - started, sentAt }),
    );
    req.end(body);
  });
}

function record(kind, answer) {
  const bucket = counts[kind === "poll" ? "polls" : kind === "started" ? "started" : "results"];
  bucket[answer.status] = (bucket[answer.status] ?? 0) + 1;
  if (answer.status === 200 && answer.sentAt >= measureFrom && answer.sentAt < measureTo) {
    latencies[kind].push(answer.ms);
  }
}

/** Calls until an answer that settles it (2xx, 404, 409, 400) or until `giveUpAt`. */
async function callUntilSettled(kind, path, key, payload, giveUpAt) {
  let wait = 1_000;
  for (;;) {
    const answer = await call("POST", path, key, payload);
    record(kind, answer);
    if (answer.status >= 200 && answer.status < 300) return answer;
    if ([400, 404, 409].includes(answer.status)) return answer;
    const next = answer.status === 429 && answer.retryAfterMs ? answer.retryAfterMs : wait;
    if (Date.now() + next >= giveUpAt) {
      counts.gaveUp += 1;
      return answer;
    }
    await pause(next);
    wait = Math.min(wait * 2, 16_000);
  }
}

/** An HTTP GET of the loopback target, timed around the request alone. */
function checkTarget(check) {
  const address = new URL(check.target);
  if (address.hostname !== target.hostname || address.port !== target.port) {
    return Promise.resolve({ failure: "This simulated agent checks only the bench's target." });
  }
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const started = performance.now();
    const done = (statusCode, error) => {
      const up = error === null && statusCode !== null && statusCode >= 200 && statusCode < 400;
      resolve({
        started_at: startedAt,
        outcome: {
          status: up ? "up" : "down",
          responseTimeMs: Math.round((performance.now() - started) * 10) / 10,
          timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null },
          statusCode,
          error,
        },
      });
    };
    const req = request(
      { host: address.hostname, port: address.port, path: address.pathname, agent: targetPool },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? null, null));
      },
    );
    req.setTimeout(check.timeoutMs, () => req.destroy(new Error("The check timed out.")));
    req.on("error", (error) => done(null, error.message));
    req.end();
  });
}

function isCheckTask(task) {
  return (
    task &&
    task.kind === "check" &&
    typeof task.id === "string" &&
    typeof task.deadline_at === "number" &&
    task.check &&
    typeof task.check.target === "string" &&
    typeof task.check.timeoutMs === "number"
  );
}

async function runTask(agent, task) {
  const path = `/tasks/${encodeURIComponent(task.id)}`;
  const started = await callUntilSettled(
    "started",
    `${path}/started`,
    agent.key,
    undefined,
    task.deadline_at - task.check.timeoutMs - GRACE_MS,
  );
  if (started.status !== 200) return;
  agent.seen.set(task.id, "started");
  counts.tasksRun += 1;
  const result =
    task.check.type === "http" || task.check.type === "keyword"
      ? await checkTarget(task.check)
      : { failure: `This simulated agent does not run ${task.check.type} checks.` };
  await callUntilSettled("result", `${path}/result`, agent.key, result, task.deadline_at);
}

/** Runs queued tasks, at most MAX_CHECKS_AT_ONCE of one agent at once. */
function drain(agent) {
  while (agent.running < MAX_CHECKS_AT_ONCE && agent.queue.length) {
    const task = agent.queue.shift();
    agent.running += 1;
    const finished = runTask(agent, task).finally(() => {
      agent.running -= 1;
      inFlight.delete(finished);
      drain(agent);
    });
    inFlight.add(finished);
  }
}

const inFlight = new Set();

async function poll(agent) {
  const answer = await call("GET", "/tasks", agent.key);
  record("poll", answer);
  if (answer.status === 200 && Array.isArray(answer.body?.tasks)) {
    for (const task of answer.body.tasks) {
      if (!isCheckTask(task)) {
        counts.malformed += 1;
        continue;
      }
      const seen = agent.seen.get(task.id);
      if (seen === "started") {
        counts.handedOutAgainAfterStart += 1;
        continue;
      }
      if (seen === "starting") {
        counts.handedOutAgainBeforeStart += 1;
        continue;
      }
      counts.tasksHandedOut += 1;
      agent.seen.set(task.id, "starting");
      agent.queue.push(task);
    }
    drain(agent);
  }
  const seconds =
    answer.status === 200 && typeof answer.body?.poll_after_seconds === "number"
      ? Math.min(300, Math.max(10, answer.body.poll_after_seconds))
      : answer.status === 429 && answer.retryAfterMs
        ? answer.retryAfterMs / 1000
        : 30;
  return seconds * 1000 + (Math.random() * 2 - 1) * POLL_JITTER_MS;
}

const timers = new Set();
function schedule(agent, ms) {
  const timer = setTimeout(async () => {
    timers.delete(timer);
    if (Date.now() >= endAt) return;
    const next = await poll(agent);
    if (Date.now() < endAt) schedule(agent, next);
  }, ms);
  timers.add(timer);
}

const simulated = agents.map(({ key }) => ({ key, seen: new Map(), queue: [], running: 0 }));
// The agents start together but poll out of step, as agents started at different times do.
for (const agent of simulated) schedule(agent, Math.random() * 30_000);

await pause(Math.max(0, endAt - Date.now()));
for (const timer of timers) clearTimeout(timer);
for (const agent of simulated) agent.queue.length = 0;
await Promise.all([...inFlight]);
serverPool.destroy();
targetPool.destroy();
const usage = process.cpuUsage();
process.send({ counts, latencies, cpuMs: (usage.user + usage.system) / 1000 }, () =>
  process.exit(0),
);
