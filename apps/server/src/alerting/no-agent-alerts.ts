import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ChangedAlert } from "./alert-changes.ts";
import { newAlertRow } from "./alert-lifecycle.ts";
import type { AlertingContext } from "./alerting-context.ts";

const KIND = "monitor-no-agent";

/** The monitor an agent-run monitor's alert is about, and why its agent cannot run it. */
export interface NoAgentFacts {
  monitor: { id: string; account_id: string; name: string };
  /** The sentence saying why, such as "…whose key was revoked". */
  message: string;
}

/**
 * Opens the monitor's no-agent alert unless one is open already (one per monitor); it notifies
 * as the monitor's other alerts do, through the escalation ticker. Answers the alert it opened.
 */
export async function openNoAgentAlert(
  db: Kysely<Database>,
  actx: Pick<AlertingContext, "now" | "newId">,
  facts: NoAgentFacts,
  at: number,
): Promise<ChangedAlert | null> {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom("alerts")
      .select("id")
      .where("monitor_id", "=", facts.monitor.id)
      .where("kind", "=", KIND)
      .where("state", "=", "open")
      .executeTakeFirst();
    if (open) return null;
    const alert = newAlertRow(
      { ...actx, linkBase: "" },
      {
        monitor: facts.monitor as never,
        kind: KIND,
        severity: "critical",
        message: facts.message,
        at,
      },
    );
    await trx.insertInto("alerts").values(alert).execute();
    return { id: alert.id, account_id: alert.account_id };
  });
}

/**
 * Resolves the monitors' open no-agent alerts: `monitor-changed` when its settings changed,
 * `recovered` once its agent is given tasks again.
 */
export async function resolveNoAgentAlert(
  db: Kysely<Database>,
  monitorIds: string | readonly string[],
  at: number,
  resolution: "monitor-changed" | "recovered" = "monitor-changed",
): Promise<ChangedAlert[]> {
  const ids = typeof monitorIds === "string" ? [monitorIds] : monitorIds;
  if (ids.length === 0) return [];
  return db
    .updateTable("alerts")
    .set({ state: "resolved", resolved_at: at, resolution, next_due_at: null })
    .where("monitor_id", "in", ids)
    .where("kind", "=", KIND)
    .where("state", "=", "open")
    .returning(["id", "account_id"])
    .execute();
}
