// Socket failures on the way to PostgreSQL (an AggregateError carries one per address tried).
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATEs a later attempt can get past: shutdown, overload, lock waits, deadlock, disk full.
const POSTGRES_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53100", // disk_full
  "53300", // too_many_connections
  "55P03", // lock_not_available
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);

// SQLSTATE class 08: connection exceptions.
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

// 55000 is a broad class; only its "not accepting connections" case (a database closed to
// connections for maintenance or an outage) is one a later attempt gets past.
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;

// Primary result codes; better-sqlite3 reports extended ones such as SQLITE_IOERR_WRITE.
const SQLITE_CODES = ["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_FULL"];

// What the drivers say when the connection is gone, is closing, or never came.
const CONNECTION_MESSAGES = new Set([
  "driver has already been destroyed",
  "The database connection is not open",
  "Cannot use a pool after calling end on the pool",
  "timeout exceeded when trying to connect",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
]);

/**
 * Whether an error thrown by a query means the database cannot be reached or is busy right now,
 * so trying again later may succeed. Anything else (bad SQL, an unexpected constraint, a bug)
 * is not: it should surface as a fault, not as "try again".
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || CONNECTION_EXCEPTION.test(code))
    return true;
  if (code === "55000" && NOT_ACCEPTING_CONNECTIONS.test(error.message)) return true;
  if (SQLITE_CODES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return true;
  if (CONNECTION_MESSAGES.has(error.message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isStorageUnavailable);
  return false;
}
