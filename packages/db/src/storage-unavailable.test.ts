import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase } from "./connect.ts";
import { isStorageUnavailable } from "./storage-unavailable.ts";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "upwatch-unavailable-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, "test.db");
}

function openSqlite(file: string, options?: SqliteDatabase.Options): SqliteDatabase.Database {
  const connection = new SqliteDatabase(file, options);
  cleanups.push(() => connection.open && connection.close());
  return connection;
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("Expected the statement to fail.");
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("Expected the query to fail.");
    },
    (error: unknown) => error,
  );
}

function listenOnLoopback(onConnection: (socket: Socket) => void = () => {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(onConnection);
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

async function unusedLoopbackPort(): Promise<number> {
  const server = await listenOnLoopback();
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("isStorageUnavailable on SQLite", () => {
  it("says a write waiting on another connection's lock can be tried again", () => {
    const file = sqliteFile();
    const holder = openSqlite(file);
    holder.exec("create table notes (body text)");
    holder.exec("begin immediate");
    const writer = openSqlite(file, { timeout: 0 });
    const error = thrownBy(() => writer.exec("insert into notes values ('hello')"));
    expect(error).toMatchObject({ code: "SQLITE_BUSY" });
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it("says a full database can be tried again", () => {
    const connection = openSqlite(sqliteFile());
    connection.exec("create table notes (body blob)");
    connection.pragma("max_page_count = 8");
    const error = thrownBy(() => {
      for (let row = 0; row < 100; row += 1) {
        connection.prepare("insert into notes values (?)").run(Buffer.alloc(4096));
      }
    });
    expect(error).toMatchObject({ code: "SQLITE_FULL" });
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it("says disk I/O errors and locked tables reported by the driver can be tried again", () => {
    for (const code of ["SQLITE_IOERR_WRITE", "SQLITE_IOERR", "SQLITE_LOCKED_SHAREDCACHE"]) {
      expect(isStorageUnavailable(new SqliteDatabase.SqliteError("failed", code))).toBe(true);
    }
  });

  it("says a closed database can be tried again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "upwatch-unavailable-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const handle = openDatabase({ dataDir });
    await handle.ping();
    await handle.close();
    expect(isStorageUnavailable(await rejectionOf(handle.ping()))).toBe(true);

    const connection = openSqlite(sqliteFile());
    connection.close();
    expect(isStorageUnavailable(thrownBy(() => connection.prepare("select 1")))).toBe(true);
  });

  it("treats bad SQL, an unexpected constraint and a bug as faults, not as unavailable", () => {
    const connection = openSqlite(sqliteFile());
    connection.exec("create table notes (id text primary key)");
    connection.exec("insert into notes values ('a')");
    const duplicate = thrownBy(() => connection.exec("insert into notes values ('a')"));
    expect(duplicate).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    const badSql = thrownBy(() => connection.exec("selec 1"));
    const missingTable = thrownBy(() => connection.exec("select * from nowhere"));
    const bug = thrownBy(() => (undefined as unknown as { run(): void }).run());
    for (const error of [duplicate, badSql, missingTable, bug, "a string", undefined]) {
      expect(isStorageUnavailable(error)).toBe(false);
    }
  });
});

describe("isStorageUnavailable on PostgreSQL", () => {
  it("says a server that refuses the connection can be tried again", async () => {
    const port = await unusedLoopbackPort();
    const handle = openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/test`, dataDir: "" });
    cleanups.push(() => handle.close());
    const error = await rejectionOf(handle.ping());
    expect(error).toMatchObject({ code: "ECONNREFUSED" });
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it("says a server that never answers the connection can be tried again", async () => {
    const sockets: Socket[] = [];
    const silent = await listenOnLoopback((socket) => sockets.push(socket));
    cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
    });
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${portOf(silent)}/test`,
      connectionTimeoutMillis: 200,
    });
    cleanups.push(() => pool.end());
    const error = await rejectionOf(pool.query("select 1"));
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it("says the server's connection and overload errors can be tried again", () => {
    for (const code of ["57P01", "57P03", "53300", "08006", "08001"]) {
      expect(isStorageUnavailable(Object.assign(new Error("refused"), { code }))).toBe(true);
    }
    for (const code of ["23505", "42601", "42P01", "0800"]) {
      expect(isStorageUnavailable(Object.assign(new Error("fault"), { code }))).toBe(false);
    }
  });
});

const postgresUrl = inject("postgresUrl");
if (postgresUrl) {
  describe("isStorageUnavailable on a running PostgreSQL", () => {
    async function connect(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: postgresUrl });
      client.on("error", () => {});
      await client.connect();
      cleanups.push(() => client.end().catch(() => {}));
      return client;
    }

    it("says a connection ended by the server can be tried again", async () => {
      const victim = await connect();
      const admin = await connect();
      const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
      await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
      const error = await rejectionOf(victim.query("select 1"));
      expect(isStorageUnavailable(error)).toBe(true);
    });

    it("says a database closed to new connections can be tried again", async () => {
      // template0 is closed to connections on every PostgreSQL server (datallowconn false), so
      // no database has to be made and dropped, which waits on a checkpoint on a busy server.
      const url = new URL(postgresUrl);
      url.pathname = "/template0";
      const refused = new pg.Client({ connectionString: url.toString() });
      const error = await rejectionOf(refused.connect());
      expect(String((error as Error).message)).toMatch(/not currently accepting connections/);
      expect(isStorageUnavailable(error)).toBe(true);
    });

    it("treats bad SQL and an unexpected constraint as faults, not as unavailable", async () => {
      const client = await connect();
      await client.query("create temporary table notes (id text primary key)");
      await client.query("insert into notes values ('a')");
      const duplicate = await rejectionOf(client.query("insert into notes values ('a')"));
      expect(duplicate).toMatchObject({ code: "23505" });
      const badSql = await rejectionOf(client.query("selec 1"));
      expect(badSql).toMatchObject({ code: "42601" });
      const handle = openDatabase({ url: postgresUrl, dataDir: "" });
      cleanups.push(() => handle.close());
      const missing = await rejectionOf(sql`select * from nowhere_at_all`.execute(handle.db));
      for (const error of [duplicate, badSql, missing]) {
        expect(isStorageUnavailable(error)).toBe(false);
      }
    });
  });
}
