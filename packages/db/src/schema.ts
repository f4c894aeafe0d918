/**
 * Table types for the query builder. Times are epoch milliseconds and flags are 0/1 integers,
 * so the same rows read back identically from SQLite and PostgreSQL.
 */
// biome-ignore lint/complexity/noBannedTypes: tables are added by the migrations of each feature.
export type Database = {};
