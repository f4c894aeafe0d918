import type { CheckResultTable, Database, MissedCheckTable } from "@upwatch/db";
import { type Kysely, sql, type Transaction } from "kysely";
import { type CheckRecord, ROLLUP_COUNTERS, resultRow, rollupIncrements } from "./check-record.ts";
import { REGION_ROLLUP_COUNTERS, regionRollupIncrements } from "./region-rollups.ts";

const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size)
    out.push(items.slice(index, index + size));
  return out;
}

/** More work in the transaction that stores checks (alerting); sees monitors' previous state. */
export type CheckBatchHook = (
  trx: Transaction<Database>,
  records: readonly CheckRecord[],
) => Promise<unknown>;

/** A planned check that no region's runner answered in time. */
export interface MissedCheck {
  monitorId: string;
  region: string;
  plannedAt: number;
  /** `no-agent`: an agent-run monitor's agent was deleted, revoked or cannot run checks. */
  reason: "no-runner" | "no-result" | "no-agent";
}

/** What a batch came to: checks stored, and checks dropped because they were stored before. */
export interface StoredBatch {
  stored: number;
  duplicates: number;
  /** Missed checks recorded (not recorded before). */
  missed: number;
}

/**
 * Stores a batch of checks in one transaction: the raw rows, additions to the hourly and daily
 * rollups, what the hook adds (alerts and their notifications), and each monitor's latest
 * health. Checks of monitors deleted meanwhile are dropped. Returns how many checks were stored.
 */
export async function storeCheckBatch(
  db: Kysely<Database>,
  records: readonly CheckRecord[],
  hook?: CheckBatchHook,
): Promise<number> {
  return (await storeChecks(db, { records }, hook)).stored;
}

/**
 * Stores checks and missed checks in one transaction. A check is identified by monitor, planned
 * time and region: one already stored is dropped entirely (no rollup, alerting or health), so a
 * repeated result counts once. Missed checks add to the region rollups' `missed`.
 */
export async function storeChecks(
  db: Kysely<Database>,
  batch: { records: readonly CheckRecord[]; missed?: readonly MissedCheck[] },
  hook?: CheckBatchHook,
): Promise<StoredBatch> {
  const missed = batch.missed ?? [];
  if (batch.records.length === 0 && missed.length === 0) {
    return { stored: 0, duplicates: 0, missed: 0 };
  }
  return db.transaction().execute((trx) => storeChecksIn(trx, batch, hook));
}

/** `storeChecks` inside a transaction the caller holds (a task's result stores its state with it). */
export async function storeChecksIn(
  trx: Transaction<Database>,
  batch: { records: readonly CheckRecord[]; missed?: readonly MissedCheck[] },
  hook?: CheckBatchHook,
): Promise<StoredBatch> {
  const { records } = batch;
  const missed = batch.missed ?? [];
  const ids = [...new Set([...records, ...missed].map((record) => record.monitorId))];
  const existing = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await trx.selectFrom("monitors").select("id").where("id", "in", part).execute();
    for (const row of rows) existing.add(row.id);
  }
  const present = records.filter((record) => existing.has(record.monitorId));
  const inserted = new Set<string>();
  for (const part of chunks(present.map(resultRow))) {
    const rows = await trx
      .insertInto("check_results")
      .values(part)
      // Any key: the identity, or (rarely) two rounds started at the same millisecond.
      .onConflict((oc) => oc.doNothing())
      .returning(["monitor_id", "planned_at", "region"])
      .execute();
    for (const row of rows)
      inserted.add(identity(row.monitor_id, Number(row.planned_at), row.region));
  }
  const kept = present.filter((record) =>
    inserted.has(identity(record.monitorId, record.plannedAt, record.region)),
  );
  const rows: CheckResultTable[] = kept.map(resultRow);
  const missedRows = await insertMissed(
    trx,
    missed.filter((miss) => existing.has(miss.monitorId)),
  );
  for (const part of chunks(rollupIncrements(rows), 200)) {
    await trx
      .insertInto("check_rollups")
      .values(part as never)
      .onConflict((oc) =>
        oc.columns(["monitor_id", "bucket_seconds", "period_start"]).doUpdateSet({
          ...(sumOf("check_rollups", ROLLUP_COUNTERS) as object),
          ...(responseRange("check_rollups") as object),
        } as never),
      )
      .execute();
  }
  for (const part of chunks(regionRollupIncrements(rows, missedRows), 200)) {
    await trx
      .insertInto("check_region_rollups")
      .values(part as never)
      .onConflict((oc) =>
        oc.columns(["monitor_id", "region", "bucket_seconds", "period_start"]).doUpdateSet({
          ...(sumOf("check_region_rollups", REGION_ROLLUP_COUNTERS) as object),
          ...(responseRange("check_region_rollups") as object),
        } as never),
      )
      .execute();
  }
  if (hook && kept.length) await hook(trx, kept);
  await saveLatestHealth(trx, kept);
  return {
    stored: kept.length,
    duplicates: present.length - kept.length,
    missed: missedRows.length,
  };
}

function identity(monitorId: string, plannedAt: number, region: string): string {
  return `${monitorId}|${plannedAt}|${region}`;
}

function sumOf(table: string, columns: readonly string[]): never {
  return Object.fromEntries(
    columns.map((column) => [
      column,
      sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
    ]),
  ) as never;
}

/**
 * The fastest and slowest response of a rollup's period after adding a batch. A period that had
 * responses before the range was kept stays without one: its range would leave them out.
 */
function responseRange(table: "check_rollups" | "check_region_rollups"): never {
  const pick = (column: "response_min" | "response_max", better: "<" | ">") => {
    const stored = sql.ref(`${table}.${column}`);
    const added = sql.ref(`excluded.${column}`);
    const storedCount = sql.ref(`${table}.response_count`);
    return sql`case
      when ${stored} is null and ${storedCount} > 0 then null
      when ${stored} is null then ${added}
      when ${added} is null then ${stored}
      when ${added} ${sql.raw(better)} ${stored} then ${added}
      else ${stored} end`;
  };
  return {
    response_min: pick("response_min", "<"),
    response_max: pick("response_max", ">"),
  } as never;
}

/** Records missed checks; returns those not recorded before. */
async function insertMissed(
  trx: Transaction<Database>,
  missed: readonly MissedCheck[],
): Promise<MissedCheckTable[]> {
  const out: MissedCheckTable[] = [];
  for (const part of chunks(missed)) {
    const rows = await trx
      .insertInto("missed_checks")
      .values(
        part.map((miss) => ({
          monitor_id: miss.monitorId,
          region: miss.region,
          planned_at: miss.plannedAt,
          reason: miss.reason,
        })),
      )
      .onConflict((oc) => oc.columns(["monitor_id", "planned_at", "region"]).doNothing())
      .returningAll()
      .execute();
    for (const row of rows) out.push({ ...row, planned_at: Number(row.planned_at) });
  }
  return out;
}

/** Each monitor's health after its latest check of the batch, in one statement per part. */
async function saveLatestHealth(trx: Transaction<Database>, kept: readonly CheckRecord[]) {
  const latest = new Map<string, CheckRecord>();
  for (const record of kept) {
    const previous = latest.get(record.monitorId);
    if (!previous || previous.checkedAt <= record.checkedAt) latest.set(record.monitorId, record);
  }
  for (const part of chunks([...latest.values()], 200)) {
    const values = part.map(
      (record) =>
        sql`(${record.monitorId}, ${record.health.status}, ${record.health.consecutiveFailures}, ${record.health.consecutiveSuccesses}, ${record.checkedAt})`,
    );
    // One statement for the whole batch; the casts give PostgreSQL the parameters' types.
    await sql`with latest(id, state, failures, successes, checked_at) as (values ${sql.join(values)})
      update monitors set state = latest.state,
        consecutive_failures = cast(latest.failures as integer),
        consecutive_successes = cast(latest.successes as integer),
        last_checked_at = cast(latest.checked_at as bigint)
      from latest where monitors.id = latest.id`.execute(trx);
  }
}
