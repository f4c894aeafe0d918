import type { AgentDownloadList } from "@upwatch/api";
import { comparePackages } from "./agent-package-name.ts";
import type { AgentPackageShelf } from "./agent-package-shelf.ts";

/** The packages on the shelf, newest version first, each with its address and SHA-256. */
export async function listAgentDownloads(
  shelf: AgentPackageShelf,
  options: { publicUrl: string },
): Promise<AgentDownloadList> {
  const files = (await shelf.files()).sort(comparePackages);
  const base = options.publicUrl.replace(/\/+$/, "");
  return {
    version: files[0]?.version ?? null,
    files: await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        kind: file.kind,
        url: `${base}/downloads/agent/${file.name}`,
        bytes: file.bytes,
        sha256: await shelf.sha256(file),
      })),
    ),
  };
}
