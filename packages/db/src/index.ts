export {
  type DatabaseHandle,
  type DatabaseOptions,
  type DialectName,
  openDatabase,
} from "./connect.ts";
export { migrateToLatest } from "./migrate.ts";
export type * from "./schema.ts";
