/** Builds the parts (default: the web app and the server) unless their builds match the sources. */
export function ensureBuild(options?: {
  force?: boolean;
  parts?: ("web" | "server" | "runner" | "agent")[];
}): Promise<void>;
