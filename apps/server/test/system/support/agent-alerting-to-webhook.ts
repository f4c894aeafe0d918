import { expect } from "vitest";
import type { apiClient } from "./server-process.ts";

/** Creates a webhook channel to `webhookUrl` and a Linux agent named `name` that alerts through it. */
export async function createAgentAlertingToWebhook(
  api: ReturnType<typeof apiClient>,
  webhookUrl: string,
  name: string,
): Promise<{ agentId: string; key: string }> {
  const channel = await api<{ id: string }>("/api/v1/channels", {
    method: "POST",
    body: { type: "webhook", name: "On-call hook", config: { url: webhookUrl } },
  });
  expect(channel.status).toBe(201);
  const created = await api<{ agent: { id: string }; key: string }>("/api/v1/agents", {
    method: "POST",
    body: { name, os: "linux", channel_ids: [channel.body.id] },
  });
  expect(created.status).toBe(201);
  return { agentId: created.body.agent.id, key: created.body.key };
}
