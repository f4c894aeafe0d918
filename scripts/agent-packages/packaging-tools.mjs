// Which of the agent's packages this machine can build, found by looking for their tools on
// PATH. Packaging never installs a tool: it says which package it skipped and how to get the tool.
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The agent's packages, in the order they are built and listed. */
export const AGENT_PACKAGE_KINDS = ["npm", "deb", "rpm"];

/** The tool each package needs beyond Node.js and npm, and how to install it. */
const TOOLS = {
  deb: {
    file: ".deb",
    command: "dpkg-deb",
    install: "`sudo apt-get install dpkg` (Debian, Ubuntu)",
  },
  rpm: {
    file: ".rpm",
    command: "rpmbuild",
    install:
      "`sudo apt-get install rpm` (Debian, Ubuntu) or `sudo dnf install rpm-build` (Fedora, RHEL)",
  },
};

/** Whether `command` is an executable file in one of PATH's folders. */
export function onPath(command, path = process.env.PATH ?? "") {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return true;
    } catch {
      // Not in this folder.
    }
  }
  return false;
}

/** The sentence saying a package was skipped for its missing tool, and how to install the tool. */
export function skippedSentence(kind) {
  const tool = TOOLS[kind];
  return `Skipped the agent's ${tool.file}: it needs ${tool.command}, which is not installed here. Install it with ${tool.install}, then run \`npm run package:agent\` again.`;
}

/**
 * Splits the asked-for kinds into those this machine can build and those it must skip, each
 * skipped one with its sentence.
 */
export function buildableKinds(kinds = AGENT_PACKAGE_KINDS) {
  const build = [];
  const skipped = [];
  for (const kind of AGENT_PACKAGE_KINDS) {
    if (!kinds.includes(kind)) continue;
    const tool = TOOLS[kind];
    if (!tool || onPath(tool.command)) build.push(kind);
    else skipped.push({ kind, sentence: skippedSentence(kind) });
  }
  return { build, skipped };
}
