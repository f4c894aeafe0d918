import type { AgentDownload } from "@upwatch/api";
import { compareVersions } from "@upwatch/core";

/** What a package's file name says: its kind and the agent version inside. */
export interface AgentPackageName {
  kind: AgentDownload["kind"];
  version: string;
}

const VERSION = String.raw`(\d{1,4}\.\d{1,4}\.\d{1,4})`;
const PATTERNS: [AgentDownload["kind"], RegExp][] = [
  ["deb", new RegExp(String.raw`^upwatch-agent_${VERSION}_all\.deb$`)],
  ["rpm", new RegExp(String.raw`^upwatch-agent-${VERSION}-\d{1,4}\.noarch\.rpm$`)],
  ["npm", new RegExp(String.raw`^upwatch-agent-${VERSION}\.tgz$`)],
];

/** The kind and version of a package file name, or undefined for any other name. */
export function parseAgentPackageName(name: string): AgentPackageName | undefined {
  for (const [kind, pattern] of PATTERNS) {
    const match = pattern.exec(name);
    if (match) return { kind, version: match[1]! };
  }
  return undefined;
}

const KIND_ORDER: AgentDownload["kind"][] = ["deb", "rpm", "npm"];

/** Newest version first; within a version .deb, .rpm, then npm. */
export function comparePackages(a: AgentPackageName, b: AgentPackageName): number {
  return (
    compareVersions(b.version, a.version) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)
  );
}
