import { z } from "zod";
import type { ApiOperation } from "./api-operation.ts";

/** The kinds of agent package a server can offer. */
export const AGENT_PACKAGE_KINDS = ["deb", "rpm", "npm"] as const;

/** One agent package the server offers for download. */
export const agentDownloadSchema = z.object({
  name: z.string(),
  kind: z.enum(AGENT_PACKAGE_KINDS),
  /** Where to download it: `<public address>/downloads/agent/<name>`; never changes. */
  url: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
});

/** The agent packages in the server's packages folder, newest version first. */
export const agentDownloadListSchema = z.object({
  /** The newest agent version offered, or null when the server has no package. */
  version: z.string().nullable(),
  files: z.array(agentDownloadSchema),
});

export type AgentDownload = z.infer<typeof agentDownloadSchema>;
export type AgentDownloadList = z.infer<typeof agentDownloadListSchema>;

/** The agent's packages (.deb, .rpm, npm) this server offers. */
export const AGENT_DOWNLOAD_OPERATIONS = {
  listAgentDownloads: {
    method: "GET",
    url: "/agents/downloads",
    permission: "view",
    summary: "The agent packages this server offers, with their download address and SHA-256",
    tag: "Agents",
    status: 200,
    response: agentDownloadListSchema,
  },
} as const satisfies Record<string, ApiOperation>;
