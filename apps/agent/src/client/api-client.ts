import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AgentReportBatch, AgentTaskResult } from "@upwatch/api";
import { describeNetworkError, NetworkProblem } from "./network-problem.ts";

/** An HTTP answer from the server; `detail` is the server's sentence on a refusal. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  detail: string | null;
  /** The server's Retry-After in seconds (on a 429 or 503), or null when it sent none. */
  retryAfterSeconds: number | null;
}

export interface ApiClientOptions {
  apiUrl: string;
  apiKey: string;
  timeoutSeconds: number;
  userAgent: string;
  /** Certificates to trust instead of the system's; for a private authority and tests. */
  ca?: string | Buffer;
}

const MAX_ANSWER_BYTES = 256 * 1024;

/** The agent's one way to the server: `/agent/v1` over https (TLS 1.3) or loopback http. */
export class ApiClient {
  private readonly base: URL;
  private readonly agent: HttpAgent | HttpsAgent;

  constructor(private readonly options: ApiClientOptions) {
    this.base = new URL(`${options.apiUrl.replace(/\/+$/, "")}/agent/v1/`);
    this.agent =
      this.base.protocol === "https:"
        ? new HttpsAgent({
            keepAlive: true,
            maxSockets: 2,
            minVersion: "TLSv1.3",
            ...(options.ca ? { ca: options.ca } : {}),
          })
        : new HttpAgent({ keepAlive: true, maxSockets: 2 });
  }

  /** `GET /agent/v1/identity`: which agent the key belongs to. */
  identity(): Promise<ApiAnswer> {
    return this.send("GET", "identity");
  }

  /** `POST /agent/v1/reports`: one batch of samples. */
  sendReports(batch: AgentReportBatch): Promise<ApiAnswer> {
    return this.send("POST", "reports", batch);
  }

  /** `GET /agent/v1/tasks`: work the server has for this agent. */
  pollTasks(): Promise<ApiAnswer> {
    return this.send("GET", "tasks");
  }

  /** `POST /agent/v1/tasks/:id/started`: the agent is about to run the task; run it only after a 200. */
  taskStarted(taskId: string): Promise<ApiAnswer> {
    return this.send("POST", `${taskPath(taskId)}/started`, {});
  }

  /** `POST /agent/v1/tasks/:id/result`: what the check found, or why it could not run. */
  sendTaskResult(taskId: string, result: AgentTaskResult): Promise<ApiAnswer> {
    return this.send("POST", `${taskPath(taskId)}/result`, result);
  }

  /** Closes kept-alive connections so the process can end. */
  close(): void {
    this.agent.destroy();
  }

  private async send(method: "GET" | "POST", path: string, body?: unknown): Promise<ApiAnswer> {
    const url = new URL(path, this.base);
    const timeoutMs = this.options.timeoutSeconds * 1000;
    try {
      return await this.exchange(method, url, timeoutMs, body);
    } catch (error) {
      throw await describeNetworkError(error, url, timeoutMs);
    }
  }

  private exchange(
    method: string,
    url: URL,
    timeoutMs: number,
    body?: unknown,
  ): Promise<ApiAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = request(url, {
        method,
        agent: this.agent,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          "user-agent": this.options.userAgent,
          accept: "application/json",
          ...(payload
            ? { "content-type": "application/json", "content-length": payload.length }
            : {}),
        },
      });
      const timer = setTimeout(() => {
        const seconds = this.options.timeoutSeconds;
        req.destroy(
          new NetworkProblem(
            `The server at ${url.origin} did not answer within ${seconds} second${seconds === 1 ? "" : "s"} (timeout).`,
            "timeout",
          ),
        );
      }, timeoutMs);
      req.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.once("response", (response) => {
        readAnswer(response).then(
          (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          (error) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
      req.end(payload);
    });
  }
}

/** A task id as one path segment, dots included, so no id can name another path. */
function taskPath(taskId: string): string {
  return `tasks/${encodeURIComponent(taskId).replaceAll(".", "%2E")}`;
}

async function readAnswer(response: IncomingMessage): Promise<ApiAnswer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size <= MAX_ANSWER_BYTES) chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const detail =
    body && typeof body === "object" && typeof (body as { detail?: unknown }).detail === "string"
      ? (body as { detail: string }).detail
      : null;
  return {
    status: response.statusCode ?? 0,
    body,
    detail,
    retryAfterSeconds: retryAfterOf(response.headers["retry-after"]),
  };
}

/** Retry-After is either whole seconds or an HTTP date. */
function retryAfterOf(header: string | undefined): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
