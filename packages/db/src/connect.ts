import { mkdirSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { sqliteDatabaseFile } from "./sqlite-copy.ts";

export type DialectName = "sqlite" | "postgres";

/** An open database: the query builder plus what the process needs to manage it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Resolves when a trivial query succeeds; rejects when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: where the pool connects, for connections of their own (LISTEN, locks). */
  postgres?: PostgresConnection | undefined;
}

/** How to open another connection to the same PostgreSQL database and schema. */
export interface PostgresConnection {
  url: string;
  schema?: string | undefined;
}

export interface DatabaseOptions {
  /** A `postgres://` URL; when absent the embedded SQLite file is used. */
  url?: string | undefined;
  /** Folder for the SQLite file (created when missing). */
  dataDir: string;
  /** PostgreSQL only: the schema to work in, for isolated test runs. */
  schema?: string;
  /** PostgreSQL only: the pool size. */
  maxConnections?: number;
}

const INT8_OID = 20;

/** Opens SQLite (the default) or PostgreSQL when a `postgres://` URL is given. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.url ? openPostgres(options.url, options) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(sqliteDatabaseFile(dataDir));
  file.pragma("journal_mode = WAL");
  // FULL: every commit is on the disk before it is acknowledged, so a power loss keeps accepted
  // form submissions and alert state; measured by bench/sqlite-durability.ts, see operations.md.
  file.pragma("synchronous = FULL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
  });
  return {
    db,
    dialect: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Reuses prepared statements: the query builder sends the same SQL text again and again, and
 * preparing it is a large share of a simple insert's cost.
 */
function withStatementCache(file: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = file.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    // Counts and epoch-millisecond times are int8; JavaScript numbers hold them exactly.
    types: {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as "text"),
    },
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not take the process down; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a client in use: its query fails with the error, which the caller handles.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    postgres: { url, schema: options.schema },
  };
}
