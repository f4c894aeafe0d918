import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { TestProject } from "vitest/node";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/test";
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/**
 * Finds out once whether PostgreSQL and Redis are reachable, so every suite can also run on
 * PostgreSQL and the rate limits can be tested across processes sharing Redis.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dropSchemas = await findPostgres(project);
  await findRedis(project);
  return dropSchemas;
}

/**
 * Suites make PostgreSQL schemas named after this run and leave them standing, so none is
 * dropped under a connection a suite still holds; they all go when the run ends.
 */
async function findPostgres(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const prefix = `test_${randomBytes(4).toString("hex")}_`;
  project.provide("postgresSchemaPrefix", prefix);
  const reason = await probe(url);
  if (reason === undefined) {
    project.provide("postgresUrl", url);
    return () => dropSchemasStartingWith(url, prefix);
  }
  if (process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(
      `REQUIRE_POSTGRES=1 but PostgreSQL at ${redact(url)} is unreachable: ${reason}`,
    );
  }
  project.provide("postgresUrl", "");
  warnLoudly(
    `PostgreSQL at ${redact(url)} is unreachable (${reason}).`,
    "The PostgreSQL half of the integration suites is NOT running; only SQLite is tested.",
    "Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to make this an error.",
  );
  return async () => {};
}

async function dropSchemasStartingWith(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where starts_with(nspname, $1)",
      [prefix],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

async function findRedis(project: TestProject): Promise<void> {
  const url = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;
  const reason = await probeRedis(url);
  if (reason === undefined) {
    project.provide("redisUrl", url);
    return;
  }
  if (process.env.CI === "true") {
    throw new Error(`CI=true but Redis at ${redact(url)} is unreachable: ${reason}`);
  }
  project.provide("redisUrl", "");
  warnLoudly(
    `Redis at ${redact(url)} is unreachable (${reason}).`,
    "The rate limits are NOT tested with Redis nor across processes; only in memory.",
    "Set TEST_REDIS_URL, or CI=true to make this an error.",
  );
}

function warnLoudly(...lines: string[]): void {
  const line = "!".repeat(78);
  console.warn(`\n${line}\n${lines.map((text) => `  ${text}`).join("\n")}\n${line}\n`);
}

async function probe(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function probeRedis(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]+@/, "//$1:***@");
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The start of every PostgreSQL schema this run makes; they are dropped when it ends. */
    postgresSchemaPrefix: string;
    redisUrl: string;
  }
}
