/** Builds the web app and the server unless their builds on disk match the current sources. */
export function ensureBuild(options?: {
  force?: boolean;
  parts?: ("web" | "server")[];
}): Promise<void>;
