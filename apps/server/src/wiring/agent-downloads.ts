import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { agentPackageRoutes } from "../routes/agent-downloads.ts";
import { type AgentPackageShelf, agentPackageShelf } from "../services/agent-downloads/index.ts";

/**
 * The agent's packages in AGENT_PACKAGES_DIR: served at `/downloads/agent/<file>` here; the
 * returned shelf also answers the API's list of downloads.
 */
export async function registerAgentDownloads(
  app: FastifyInstance,
  options: { config: Config },
): Promise<AgentPackageShelf> {
  const shelf = agentPackageShelf(options.config.agentPackagesDir);
  await app.register(agentPackageRoutes, { shelf });
  return shelf;
}
