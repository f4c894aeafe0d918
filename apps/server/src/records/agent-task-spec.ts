import type { CheckSpec } from "@upwatch/core";
import { placeOf, type SecretBox } from "../secrets/secret-box.ts";

/** A task's check, sealed for its row: the monitor's options may carry credentials. */
export function sealTaskSpec(secrets: SecretBox, taskId: string, spec: CheckSpec): string {
  return secrets.seal(JSON.stringify(spec), placeOf("agent_tasks", "spec", taskId));
}

/** The check a task row holds. */
export function openTaskSpec(secrets: SecretBox, taskId: string, sealed: string): CheckSpec {
  return JSON.parse(secrets.open(sealed, placeOf("agent_tasks", "spec", taskId))) as CheckSpec;
}
