import { randomBytes } from "node:crypto";
import pg from "pg";

/** A brand-new PostgreSQL database beside the test one, as a fresh install would get. */
export async function createScratchDatabase(adminUrl: string) {
  const name = `upwatch_e2e_${randomBytes(5).toString("hex")}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
