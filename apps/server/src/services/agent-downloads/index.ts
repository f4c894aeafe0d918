export { parseAgentPackageName } from "./agent-package-name.ts";
export {
  type AgentPackageFile,
  type AgentPackageShelf,
  agentPackageShelf,
} from "./agent-package-shelf.ts";
export { findAgentDownload } from "./find-agent-download.ts";
export { listAgentDownloads } from "./list-agent-downloads.ts";
