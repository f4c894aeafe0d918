import { arch, platform } from "node:os";
import { AGENT_VERSION } from "../version.ts";

const OS_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  linux: "linux",
  win32: "windows",
  darwin: "macos",
};

/** `upwatch-agent/2.1.0 (linux; x64)`, sent with every request. */
export function agentUserAgent(): string {
  return `upwatch-agent/${AGENT_VERSION} (${OS_NAMES[platform()] ?? platform()}; ${arch()})`;
}
