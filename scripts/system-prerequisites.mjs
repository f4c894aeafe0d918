// What the system tests (separate processes, network namespaces, PostgreSQL, the Debian and RPM
// packaging tools, the reverse proxies) need from the machine; `npm test` and the system tests'
// setup both ask, so the answer is the same.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { ensureProxies, PROXIES_MISSING } from "./ensure-proxies.mjs";
import { ensureRpmbuild, RPMBUILD_MISSING } from "./ensure-rpmbuild.mjs";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

/** The PostgreSQL server the system tests make their schemas in. */
export function systemDatabaseUrl() {
  return process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL;
}

function found(command, args) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return !result.error && result.status === 0;
}

async function postgresProblem(url) {
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

/** Sentences naming what is missing for the system tests; empty when they can run. */
export async function systemTestBlockers() {
  const blockers = [];
  if (process.platform !== "linux") blockers.push("they need Linux network namespaces");
  if (process.getuid?.() !== 0) {
    blockers.push("they must run as root to make network namespaces (run npm test with sudo)");
  }
  if (!found("ip", ["-V"])) {
    blockers.push("the ip command (iproute2) is missing: apt-get install -y iproute2");
  }
  if (!found("redis-server", ["--version"])) {
    blockers.push("redis-server is missing: apt-get install -y redis-server");
  }
  if (!found("dpkg-deb", ["--version"])) {
    blockers.push("dpkg-deb is missing (it builds the agent's .deb): apt-get install -y dpkg");
  }
  if (!found("systemd-analyze", ["--version"])) {
    blockers.push(
      "systemd-analyze is missing (it checks the agent's and the server's service units): apt-get install -y systemd",
    );
  }
  // rpmbuild is installed when we are root, as Chromium is for the browser tests.
  if (!ensureRpmbuild() || !found("rpm", ["--version"])) {
    blockers.push(RPMBUILD_MISSING.replace(/\.$/, ""));
  }
  // nginx and Caddy too: the server is tested behind each with the committed configuration.
  if (!ensureProxies()) blockers.push(PROXIES_MISSING.replace(/\.$/, ""));
  const problem = await postgresProblem(systemDatabaseUrl());
  if (problem) {
    blockers.push(`PostgreSQL is unreachable (${problem}); set TEST_DATABASE_URL`);
  }
  return blockers;
}
