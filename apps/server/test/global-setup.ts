import pg from "pg";
import type { TestProject } from "vitest/node";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/test";

/** Finds out once whether PostgreSQL is reachable, so every suite can also run there. */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const reason = await probe(url);
  if (reason === undefined) {
    project.provide("postgresUrl", url);
    return;
  }
  if (process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(
      `REQUIRE_POSTGRES=1 but PostgreSQL at ${redact(url)} is unreachable: ${reason}`,
    );
  }
  project.provide("postgresUrl", "");
  const line = "!".repeat(78);
  console.warn(
    `\n${line}\n  PostgreSQL at ${redact(url)} is unreachable (${reason}).\n  The PostgreSQL half of the integration suites is NOT running; only SQLite is tested.\n  Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to make this an error.\n${line}\n`,
  );
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

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
