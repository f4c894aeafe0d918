import { ServiceError } from "../service-error.ts";
import type { AgentPackageFile, AgentPackageShelf } from "./agent-package-shelf.ts";

/** The package file to send for a download; a sentence naming what exists otherwise. */
export async function findAgentDownload(
  shelf: AgentPackageShelf,
  name: string,
): Promise<AgentPackageFile> {
  const file = await shelf.find(name);
  if (!file) {
    throw new ServiceError(
      "not-found",
      "There is no agent package by that name on this server; the list of packages is at GET /api/v1/agents/downloads.",
    );
  }
  return file;
}
