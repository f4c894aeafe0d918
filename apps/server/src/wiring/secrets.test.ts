import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { testConfig } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { createTestMonitor } from "../../test/monitors.ts";
import { openStored, TEST_SECRETS } from "../../test/secrets.ts";
import { rotateSecretsKey } from "../admin/commands/rotate-secrets-key.ts";
import { ConfigError } from "../config.ts";
import { createServiceContext } from "../services/context.ts";
import { prepareSecrets } from "./secrets.ts";

const PLAIN_CONFIG = JSON.stringify({ url: "https://hooks.example.com/services/T0/B0/PLAIN" });
const PLAIN_SECRET = "whsec_cGxhaW50ZXh0IHNpZ25pbmcgc2VjcmV0IGZyb20gYmVmb3Jl";
const PLAIN_OPTIONS = JSON.stringify({ auth: { type: "bearer", token: "plain-token-before" } });

describeEachDatabase("secrets stored before sealing existed", (db) => {
  let ids: { channel: string; monitor: string };

  beforeAll(async () => {
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS);
    const account = await createTestAccount(db(), "hobby", ctx);
    const monitor = await createTestMonitor(ctx, account.accountId, "hobby");
    const channel = "chn_from_before";
    await db()
      .handle.db.insertInto("channels")
      .values({
        id: channel,
        account_id: account.accountId,
        type: "webhook",
        name: "Before",
        config: PLAIN_CONFIG,
        secret: PLAIN_SECRET,
        attach_to_new_monitors: 0,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await db()
      .handle.db.updateTable("monitors")
      .set({ options: PLAIN_OPTIONS })
      .where("id", "=", monitor.id)
      .execute();
    ids = { channel, monitor: monitor.id };
  });

  const stored = async () => ({
    channel: await db()
      .handle.db.selectFrom("channels")
      .select(["config", "secret"])
      .where("id", "=", ids.channel)
      .executeTakeFirstOrThrow(),
    monitor: await db()
      .handle.db.selectFrom("monitors")
      .select("options")
      .where("id", "=", ids.monitor)
      .executeTakeFirstOrThrow(),
  });

  it("are sealed when the server starts, and a second start leaves them as they are", async () => {
    await prepareSecrets(testConfig(), db().handle.db);
    const first = await stored();
    expect(first.channel.config).toMatch(/^enc:v1:/);
    expect(first.channel.secret).toMatch(/^enc:v1:/);
    expect(first.monitor.options).toMatch(/^enc:v1:/);
    expect(first.monitor.options).not.toContain("plain-token-before");
    expect(openStored("channels", "config", ids.channel, first.channel.config)).toBe(PLAIN_CONFIG);
    expect(openStored("channels", "secret", ids.channel, first.channel.secret!)).toBe(PLAIN_SECRET);
    expect(openStored("monitors", "options", ids.monitor, first.monitor.options)).toBe(
      PLAIN_OPTIONS,
    );
    await prepareSecrets(testConfig(), db().handle.db);
    expect(await stored()).toEqual(first);
  });

  it("cannot be moved to another row: a value sealed for one row does not open in another", async () => {
    const { channel } = await stored();
    expect(() => openStored("channels", "config", "chn_other", channel.config)).toThrow();
  });
});

describeEachDatabase("the key file in the data folder", (db) => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "upwatch-key-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("is made on first start, readable by its owner only, and kept on the next start", async () => {
    const dir = dataDir();
    const config = testConfig({ SECRETS_KEY: "", DATA_DIR: dir });
    const first = await prepareSecrets(config, db().handle.db);
    expect(statSync(join(dir, "secrets.key")).mode & 0o777).toBe(0o600);
    const account = await createTestAccount(
      db(),
      "hobby",
      createServiceContext(db().handle.db, first),
    );
    expect(account.accountId).toBeTruthy();
    expect((await prepareSecrets(config, db().handle.db)).current.id).toBe(first.current.id);
  });

  it("refuses a start without it once secrets are sealed, saying what to restore, and leaves no new key behind", async () => {
    const dir = dataDir();
    const start = prepareSecrets(testConfig({ SECRETS_KEY: "", DATA_DIR: dir }), db().handle.db);
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(
      /^The stored secrets are encrypted with key [0-9a-f]{8}, but SECRETS_KEY is not set and there is no key file .*secrets\.key: restore the key file backed up with the database, or set SECRETS_KEY to that key\.$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("is replaced by a rotation, which tells the operator to back up the new key", async () => {
    const dir = dirs[0]!;
    const config = testConfig({ SECRETS_KEY: "", DATA_DIR: dir });
    const before = (await prepareSecrets(config, db().handle.db)).current.id;
    const told = await rotateSecretsKey(config, db().handle.db, undefined);
    const after = (await prepareSecrets(config, db().handle.db)).current.id;
    expect(after).not.toBe(before);
    expect(told).toBe(
      `Re-encrypted 1 stored secrets from key ${before} to key ${after}. The key file ${join(dir, "secrets.key")} now holds the new key: back it up in place of the old one.\n`,
    );
    expect(readdirSync(dir)).toEqual(["secrets.key"]);
  });
});
