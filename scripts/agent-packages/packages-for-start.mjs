// `npm start` offers the agent's packages the Add agent screen lists: it builds the ones this
// machine has the tools for into the folder the server serves. A packaging problem never keeps
// the server from starting; the screen then offers what the folder holds.
import { existsSync, readdirSync } from "node:fs";
import { AGENT_BUNDLE_PATH, DEFAULT_PACKAGES_DIR } from "../package-agent.mjs";
import { ensureAgentPackages } from "./ensure-agent-packages.mjs";

/** Builds the agent's packages into dist/agent-packages when they are missing or out of date. */
export async function preparePackagesForStart() {
  // An operator who points AGENT_PACKAGES_DIR elsewhere fills that folder themselves.
  if (process.env.AGENT_PACKAGES_DIR) return;
  const { canBuildPart, ensureBuild } = await import("../build.mjs");
  if (canBuildPart("agent")) {
    await ensureBuild({ parts: ["agent"] });
  } else if (!existsSync(AGENT_BUNDLE_PATH)) {
    // A production install made from a build (a container image, say) has its packages already.
    if (existsSync(DEFAULT_PACKAGES_DIR) && readdirSync(DEFAULT_PACKAGES_DIR).length > 0) return;
    console.error(
      "The server offers no agent packages: this install cannot build the agent. Run `npm install` and `npm run build`, or copy the packages into dist/agent-packages.",
    );
    return;
  }
  try {
    await ensureAgentPackages();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `Building the agent's packages failed, so the server offers only those already in dist/agent-packages. Run \`npm run package:agent\` to try again.\n${reason}`,
    );
  }
}
