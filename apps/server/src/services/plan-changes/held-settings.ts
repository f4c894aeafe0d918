import type { MonitorTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import { placeOf, type SecretBox } from "../../secrets/secret-box.ts";

/** What a smaller plan held back from one monitor, as stored (sealed: headers may be secret). */
export interface StoredHeldSettings {
  interval_seconds?: number;
  regions?: string[];
  headers?: Record<string, unknown>;
  auth?: unknown;
}

type Row = Pick<Selectable<MonitorTable>, "id" | "plan_held">;

/** Reads a monitor's held settings; null when the plan holds nothing back. */
export function openHeldSettings(row: Row, secrets: SecretBox): StoredHeldSettings | null {
  if (!row.plan_held) return null;
  return JSON.parse(secrets.open(row.plan_held, placeOf("monitors", "plan_held", row.id)));
}

/** The column value for held settings; null when nothing is held. */
export function sealHeldSettings(
  id: string,
  held: StoredHeldSettings,
  secrets: SecretBox,
): string | null {
  if (Object.keys(held).length === 0) return null;
  return secrets.seal(JSON.stringify(held), placeOf("monitors", "plan_held", id));
}
