import type { agentWhoAmISchema } from "@upwatch/api";
import type { z } from "zod";
import type { ServiceContext } from "../context.ts";
import type { AuthenticatedAgent } from "./authenticate-agent.ts";

/** Which agent a key belongs to, and the server's clock, for the agent's `check` command. */
export function describeAgentIdentity(
  ctx: Pick<ServiceContext, "now">,
  agent: AuthenticatedAgent,
): z.infer<typeof agentWhoAmISchema> {
  return { agent: { id: agent.id, name: agent.name, os: agent.os }, server_time: ctx.now() };
}
