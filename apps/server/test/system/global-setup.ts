import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../../../scripts/build.mjs";
import { systemTestBlockers } from "../../../../scripts/system-prerequisites.mjs";
import setupDatabases from "../global-setup.ts";

/**
 * The system suites start the built product as separate processes, so they need the build,
 * root for network namespaces, redis-server and PostgreSQL; without one of them they refuse
 * to run at all, in words, rather than pass without testing anything.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const blockers = await systemTestBlockers();
  if (blockers.length) {
    throw new Error(`The system tests cannot run here: ${blockers.join("; ")}.`);
  }
  await ensureBuild({ parts: ["web", "server", "runner", "agent"] });
  return setupDatabases(project);
}
