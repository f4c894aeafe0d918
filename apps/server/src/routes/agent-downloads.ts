import { createReadStream } from "node:fs";
import { type AgentDownload, OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "../http/zod-type-provider.ts";
import {
  type AgentPackageShelf,
  findAgentDownload,
  listAgentDownloads,
} from "../services/agent-downloads/index.ts";
import { routeOf } from "./api/route-of.ts";

const CONTENT_TYPES: Record<AgentDownload["kind"], string> = {
  deb: "application/vnd.debian.binary-package",
  rpm: "application/x-rpm",
  npm: "application/gzip",
};

/**
 * `GET /downloads/agent/:file`: the agent's packages, to anyone (a server installing the agent
 * has no Upwatch session). A package's name carries its version, so it never changes.
 */
export async function agentPackageRoutes(
  app: FastifyInstance,
  options: { shelf: AgentPackageShelf },
) {
  app.get<{ Params: { file: string } }>("/downloads/agent/:file", async (request, reply) => {
    const file = await findAgentDownload(options.shelf, request.params.file);
    return reply
      .type(CONTENT_TYPES[file.kind])
      .header("content-length", file.bytes)
      .header("content-disposition", `attachment; filename="${file.name}"`)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("last-modified", new Date(file.modifiedAt).toUTCString())
      .send(createReadStream(file.path));
  });
}

/** `GET /api/v1/agents/downloads`: the packages offered, with addresses and SHA-256. */
export async function agentDownloadListRoutes(
  app: FastifyInstance,
  options: { shelf: AgentPackageShelf; publicUrl: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(OP.listAgentDownloads),
    handler: async () => listAgentDownloads(options.shelf, { publicUrl: options.publicUrl }),
  });
}
