import { readFileSync } from "node:fs";
import { runTool } from "./run-tool.mjs";

const workspaceManifest = new URL("../../apps/agent/package.json", import.meta.url);

export const PACKAGE_NAME = "upwatch-agent";
export const MAINTAINER = "Upwatch <support@upwatch.example>";
export const SUMMARY = "Reports a server's health to Upwatch";
export const DESCRIPTION = [
  "The Upwatch agent reports this server's CPU, memory, disks, network, load and the state of",
  "chosen services to an Upwatch server, over outbound connections only. It runs as the",
  "upwatch-agent systemd service under the upwatch system user once /etc/upwatch/agent.yaml",
  "holds the agent's key.",
];

/** What every package says about the agent: its version is the one the program reports. */
export function packageFacts(bundle) {
  const answer = runTool(process.execPath, [bundle, "--version"]).trim();
  const match = /^(?:upwatch-agent )?(\d+\.\d+\.\d+)$/.exec(answer);
  if (!match) {
    throw new Error(
      `${bundle} --version answered "${answer}", not a version such as 2.1.0; is it the agent's bundle?`,
    );
  }
  const manifest = JSON.parse(readFileSync(workspaceManifest, "utf8"));
  return {
    name: PACKAGE_NAME,
    version: match[1],
    release: "1",
    npmDescription: manifest.description,
  };
}
