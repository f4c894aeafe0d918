import { createAddressPolicy, type NetworkAccess } from "@upwatch/checks";
import { testNetwork } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { callApi } from "./api-call.ts";
import { buildTestApp } from "./app.ts";
import type { TestDatabase } from "./databases.ts";
import { openStored } from "./secrets.ts";

/** Two servers that send alerts: `app` may reach the fakes on loopback, `strict` refuses private addresses. */
export interface ChannelApps {
  app: FastifyInstance;
  strict: FastifyInstance;
  close(): Promise<void>;
}

/** Builds both servers with the services' addresses in `env`; `network` serves `app` alone. */
export async function buildChannelApps(
  database: TestDatabase,
  env: Record<string, string> = {},
  network?: NetworkAccess,
): Promise<ChannelApps> {
  // The fakes listen on loopback, which only this setting lets channels send to.
  const app = await buildTestApp(database, {
    env: { ...env, ALLOW_PRIVATE_TARGETS: "true" },
    network,
    startAlerting: true,
  });
  const strict = await buildTestApp(database, {
    env,
    network: testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) }),
    startAlerting: true,
  });
  return {
    app,
    strict,
    close: async () => {
      await app.close();
      await strict.close();
    },
  };
}

/** A channel's config as stored (sealed) and as the server opens it. */
export async function readStoredConfig(database: TestDatabase, id: string) {
  const row = await database.handle.db
    .selectFrom("channels")
    .select("config")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    sealed: row.config,
    opened: JSON.parse(openStored("channels", "config", id, row.config)),
  };
}

/** Expects a server that refuses private addresses to refuse saving a channel whose service is on loopback. */
export async function expectSaveRefusedAsPrivate(
  strict: FastifyInstance,
  account: { headers: Record<string, string> },
  channel: { type: string; config: object },
) {
  const refused = await callApi(strict, "POST", "/channels", account, channel);
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toMatch(/^config: Refused to connect to 127\.0\.0\.1: /);
  expect(refused.body.detail).toContain("ALLOW_PRIVATE_TARGETS=true");
}

/** Saves a channel on a server that refuses private addresses and answers its test's outcome. */
export async function testOnStrict(
  strict: FastifyInstance,
  account: { headers: Record<string, string> },
  channel: { type: string; config: object },
) {
  const created = await callApi(strict, "POST", "/channels", account, channel);
  expect(created.status).toBe(201);
  return (await callApi(strict, "POST", `/channels/${created.body.id}/test`, account)).body;
}
