import { agentReportAcceptedSchema } from "@upwatch/api";
import { AGENT_POLL_SECONDS, AGENT_REPORT_LIMITS } from "@upwatch/core";
import type { FastifyError, FastifyInstance } from "fastify";
import type { AgentReportHook } from "../../agents/agent-report-hook.ts";
import { CheckIntake } from "../../check-intake/check-intake.ts";
import {
  type AfterAgentReport,
  storeAgentReport,
} from "../../services/agent-reports/store-agent-report.ts";
import { validateAgentBatch } from "../../services/agent-reports/validate-batch.ts";
import { pollAgentTasks } from "../../services/agent-tasks/poll-agent-tasks.ts";
import { recordTaskResult } from "../../services/agent-tasks/record-task-result.ts";
import { startAgentTask } from "../../services/agent-tasks/start-agent-task.ts";
import type { AgentKeyReader } from "../../services/agents/authenticate-agent.ts";
import { describeAgentIdentity } from "../../services/agents/describe-agent-identity.ts";
import type { ServiceContext } from "../../services/context.ts";
import { agentOf, requireAgentKey } from "./agent-auth.ts";
import { limitAgentRequests } from "./limit-agent-requests.ts";

export interface AgentApiOptions {
  ctx: ServiceContext;
  /** Runs in the transaction of every stored batch (alerting). */
  onReports: AgentReportHook;
  /** Told once a batch's transaction committed (alerting announces what the hook changed). */
  afterReports?: AfterAgentReport | undefined;
  /** Where keys are looked up (a short-lived cache in front of the database). */
  keys: AgentKeyReader;
  /** Where tasks' checks enter (alerting, live events); by default they are stored alone. */
  checks?: CheckIntake | undefined;
}

const BODY_TOO_LARGE = `The batch is larger than ${AGENT_REPORT_LIMITS.bodyBytes / 1024} KiB; send its reports in smaller batches.`;

/**
 * The API agents call (`/agent/v1`), with the agent's key: reports, the task poll, tasks'
 * starts and results, and who the key belongs to. Reports and results are validated, then
 * stored before they are acknowledged.
 */
export async function agentApiRoutes(app: FastifyInstance, options: AgentApiOptions) {
  const { ctx } = options;
  const checks = options.checks ?? new CheckIntake();
  // Agents send JSON alone; any other body is answered 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string" },
    app.getDefaultJsonParser("error", "error"),
  );
  app.addHook("onRequest", requireAgentKey(app, ctx, options.keys));
  app.addHook("onRequest", limitAgentRequests(app));
  // Errors of this API not its own go on to the server's handler, which answers `{ detail }`.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.code(413).send({ detail: BODY_TOO_LARGE });
    }
    throw error;
  });

  app.post("/reports", { bodyLimit: AGENT_REPORT_LIMITS.bodyBytes }, async (request) => {
    const batch = validateAgentBatch(request.body, ctx.now());
    const stored = await storeAgentReport(
      ctx,
      { agent: agentOf(request), batch },
      options.onReports,
      options.afterReports,
    );
    return agentReportAcceptedSchema.parse({
      accepted: stored.accepted,
      poll_after_seconds: AGENT_POLL_SECONDS,
      custom_metrics_refused: stored.customMetricsRefused,
    });
  });

  app.get("/tasks", async (request) => pollAgentTasks(ctx, agentOf(request), request.log));

  app.post<{ Params: { id: string } }>("/tasks/:id/started", async (request) =>
    startAgentTask(ctx, agentOf(request), request.params.id),
  );

  app.post<{ Params: { id: string } }>("/tasks/:id/result", async (request) =>
    recordTaskResult(ctx, agentOf(request), request.params.id, request.body, checks),
  );

  app.get("/identity", async (request) => describeAgentIdentity(ctx, agentOf(request)));
}
