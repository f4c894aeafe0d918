import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AgentReportBatch } from "@upwatch/api";

/** What the fake server answers to a report batch: a status and the server's sentence. */
export interface ReportAnswer {
  status: number;
  detail?: string;
  /** Sent as the Retry-After header when given. */
  retryAfter?: string;
}

/** What the fake server answers to a task poll. */
export interface PollAnswer {
  status: number;
  body: unknown;
  retryAfter?: string;
}

/** What the fake server answers to a task's started or result call, instead of its own rules. */
export interface TaskAnswer {
  status: number;
  detail?: string;
  retryAfter?: string;
}

/** One result call as the server received it. */
export interface TaskResultCall {
  id: string;
  body: unknown;
}

const TASK_CALL = /^\/agent\/v1\/tasks\/([^/]+)\/(started|result)$/;

/**
 * A small server on 127.0.0.1 speaking the agent's side of the documented `/agent/v1` contract,
 * so the agent's own behaviour can be tested over real HTTP. It records what it is sent.
 */
export class FakeUpwatch {
  readonly batches: AgentReportBatch[] = [];
  readonly polls: number[] = [];
  readonly userAgents: string[] = [];
  answerReports: (batch: AgentReportBatch) => ReportAnswer = () => ({ status: 200 });
  answerPolls: () => PollAnswer = () => ({
    status: 200,
    body: { tasks: [], poll_after_seconds: 30 },
  });
  /** Task ids of the started calls, in the order received. */
  readonly started: string[] = [];
  /** Every result call, in the order received. */
  readonly results: TaskResultCall[] = [];
  /** Overrides the contract's answer to a started call when it returns an answer. */
  answerStarted: (id: string) => TaskAnswer | undefined = () => undefined;
  /** Overrides the contract's answer to a result call when it returns an answer. */
  answerResult: (id: string, body: unknown) => TaskAnswer | undefined = () => undefined;
  private readonly finishedTasks = new Set<string>();
  private readonly seenBatches = new Set<string>();
  private server: Server | undefined;

  constructor(private readonly key: string) {}

  /** Starts listening on a free port of 127.0.0.1; resolves to the base URL. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Hands out `tasks` on the next `polls` polls (one by default), then none. */
  handOut(tasks: unknown[], polls = 1): void {
    let left = polls;
    this.answerPolls = () => ({
      status: 200,
      body: { tasks: left-- > 0 ? tasks : [], poll_after_seconds: 30 },
    });
  }

  /** The result bodies received for one task, in order. */
  resultsOf(id: string): unknown[] {
    return this.results.filter((call) => call.id === id).map((call) => call.body);
  }

  /** Every report the server stored, in the order stored. */
  get stored(): AgentReportBatch["reports"] {
    return this.batches.flatMap((batch) => batch.reports);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.userAgents.push(String(request.headers["user-agent"]));
    const answer = (status: number, body: unknown, retryAfter?: string) => {
      response.writeHead(status, {
        "content-type": "application/json",
        ...(retryAfter ? { "retry-after": retryAfter } : {}),
      });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${this.key}`) {
      return answer(401, {
        detail: "This agent key is not valid: it was revoked, or its agent was deleted.",
      });
    }
    if (request.method === "GET" && request.url === "/agent/v1/identity") {
      return answer(200, {
        agent: { id: "agt_1", name: "db-primary", os: "linux" },
        server_time: Date.now(),
      });
    }
    if (request.method === "GET" && request.url === "/agent/v1/tasks") {
      this.polls.push(Date.now());
      const reply = this.answerPolls();
      return answer(reply.status, reply.body, reply.retryAfter);
    }
    if (request.method === "POST" && request.url === "/agent/v1/reports") {
      const batch = JSON.parse(Buffer.concat(chunks).toString("utf8")) as AgentReportBatch;
      const reply = this.answerReports(batch);
      if (reply.status !== 200)
        return answer(reply.status, { detail: reply.detail ?? "Refused." }, reply.retryAfter);
      if (this.seenBatches.has(batch.batch_id)) {
        return answer(409, {
          detail: "This batch was already received; nothing was stored again.",
        });
      }
      this.seenBatches.add(batch.batch_id);
      this.batches.push(batch);
      return answer(200, { accepted: batch.reports.length, poll_after_seconds: 30 });
    }
    const task = request.method === "POST" ? TASK_CALL.exec(request.url ?? "") : null;
    if (task) {
      const id = decodeURIComponent(task[1]!);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
      const reply = task[2] === "started" ? this.taskStarted(id) : this.taskResult(id, body);
      return answer(reply.status, reply.body, reply.retryAfter);
    }
    answer(404, { detail: "There is nothing here." });
  }

  /** Started moves a task to executing, again and again, until it has its result. */
  private taskStarted(id: string): PollAnswer {
    this.started.push(id);
    const override = this.answerStarted(id);
    if (override) return refusal(override);
    if (this.finishedTasks.has(id)) {
      return { status: 409, body: { detail: `Task ${id} already has its result.` } };
    }
    return { status: 200, body: { id, state: "executing" } };
  }

  /** A result is stored once; a second one is answered 409. */
  private taskResult(id: string, body: unknown): PollAnswer {
    this.results.push({ id, body });
    const override = this.answerResult(id, body);
    if (override) return refusal(override);
    if (this.finishedTasks.has(id)) {
      return { status: 409, body: { detail: `Task ${id} already has its result.` } };
    }
    this.finishedTasks.add(id);
    const state = (body as { failure?: unknown }).failure === undefined ? "completed" : "failed";
    return { status: 200, body: { id, state } };
  }
}

function refusal(answer: TaskAnswer): PollAnswer {
  return {
    status: answer.status,
    body: { detail: answer.detail ?? "Refused." },
    ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}),
  };
}
