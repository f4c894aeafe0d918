export type * from "./agent-schema.ts";
export type * from "./alerting-schema.ts";
export type * from "./billing-schema.ts";
export {
  type DatabaseHandle,
  type DatabaseOptions,
  type DialectName,
  openDatabase,
  type PostgresConnection,
} from "./connect.ts";
export type * from "./custom-metric-schema.ts";
export type * from "./dashboard-schema.ts";
export { type DataDirHold, holdDataDir } from "./data-dir-hold.ts";
export type * from "./domain-claim-schema.ts";
export type * from "./heartbeat-schema.ts";
export type * from "./maintenance-window-schema.ts";
export { bundledMigrationNames, migrateToLatest } from "./migrate.ts";
export * from "./monitoring-schema.ts";
export type * from "./retention-badge-schema.ts";
export type * from "./schema.ts";
export type * from "./sla-report-schema.ts";
export {
  copySqliteDatabase,
  inspectSqliteCopy,
  type SqliteCopyReport,
  sqliteDatabaseFile,
} from "./sqlite-copy.ts";
export type * from "./status-page-schema.ts";
export { isStorageUnavailable } from "./storage-unavailable.ts";
export type * from "./team-schema.ts";
