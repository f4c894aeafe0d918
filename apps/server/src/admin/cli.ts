import { parseArgs } from "node:util";
import { BrokerControl, revokedDetail } from "@upwatch/broker";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { createStripeClient } from "../billing/stripe-client.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createServiceContext } from "../services/context.ts";
import { regionDirectory } from "../services/regions/region-directory.ts";
import { absoluteAppUrl } from "../wiring/accounts.ts";
import { prepareSecrets } from "../wiring/secrets.ts";
import { ACCOUNT_COMMANDS } from "./commands/accounts.ts";
import { BACKUP_COMMANDS } from "./commands/backups.ts";
import { reconcileBillingCommand } from "./commands/billing.ts";
import { exportContacts, exportSubscribers } from "./commands/export-forms.ts";
import { rotateSecretsKey } from "./commands/rotate-secrets-key.ts";
import { RUNNER_COMMANDS } from "./commands/runners.ts";
import { parseSince } from "./export-format.ts";

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  contacts      Contact messages     --since 7d|24h|30m|2024-12-31 (default 30d)  --format csv|json (default csv)
  subscribers   Newsletter subscribers, same options
  create-account  --name "Acme" --email ops@acme.example [--plan free|hobby|business|enterprise|self-hosted]
                  Creates an account with its owner and prints a first API key and a link
                  with which the owner chooses a password and signs in (works once, for 7 days);
                  works whatever REGISTRATION says (without --plan: DEFAULT_PLAN: free, or
                  self-hosted in the self-hosted edition, unless set)
  create-key      --account <id> [--name "CI"]       Prints a new API key for the account
  revoke-key      --key <key id>                      Revokes a key at once
  list-keys       --account <id>                      Keys with prefix, creation and last use
  list-accounts                                       Accounts with plan, monitors and keys
  set-plan        --account <id> --plan <plan> [--keep mon_a,mon_b]
                  Moves an account to another plan and prints what changed: on a smaller plan,
                  monitors beyond its limit are paused (the --keep ones stay active, else the
                  oldest), intervals raised, regions, headers and channel types it lacks unused
  reconcile-billing                                   With billing on: every account with a Stripe customer
                  takes the plan its subscriptions in Stripe give it, as the lost events would have
                  done (after a webhook outage); prints each account whose plan changed
  add-member      --account <id> --email <address> --role admin|member|viewer
                  Adds a person who already signs in to the account; their next sign-in opens it
  reset-two-factor --email <address>                  For someone who lost their authenticator and recovery
                  codes: turns two-factor sign-in off, deletes the codes, ends their sessions and mails them
  rotate-secrets-key                                  Re-encrypts the stored secrets under a new key:
                  NEW_SECRETS_KEY from the environment, else a new random key; stop the server first
  backup          [--into <folder>]                   Copies the database and the secrets key while the server
                  runs into a new folder upwatch-backup-<time> under --into (default DATA_DIR/backups),
                  with a manifest of checksums; with DATABASE_URL it prints the pg_dump commands instead
  verify-backup <folder>                              Checks a backup's checksums and its database
  restore <folder>                                    Checks a backup, then puts its database and key into
                  DATA_DIR; refused while a server uses DATA_DIR; the files it replaces are kept aside
  runner add      --region <region> --name <name>     Registers a runner and prints its token once
  runner list                                         Runners with region, last heartbeat and revocation
  runner revoke <runner id>                           Refuses the runner from now on (with BROKER_URL
                  set, it is told to stop at once)

Reads the same environment as the server (DATA_DIR or DATABASE_URL).`;

const EXPORTS = { contacts: exportContacts, subscribers: exportSubscribers } as const;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      since: { type: "string", default: "30d" },
      format: { type: "string", default: "csv" },
      help: { type: "boolean" },
      name: { type: "string" },
      plan: { type: "string" },
      email: { type: "string" },
      account: { type: "string" },
      key: { type: "string" },
      role: { type: "string" },
      region: { type: "string" },
      keep: { type: "string" },
      into: { type: "string" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command in ACCOUNT_COMMANDS) return runAccountCommand(command, values);
  if (command === "rotate-secrets-key") return runRotation();
  if (command === "reconcile-billing") return runReconciliation();
  if (command in BACKUP_COMMANDS) {
    const input = { folder: positionals[1], into: values.into };
    process.stdout.write(await BACKUP_COMMANDS[command]!(loadConfig(process.env), input));
    return 0;
  }
  if (command === "runner") return runRunnerCommand(positionals[1], positionals[2], values);
  if (!(command in EXPORTS)) throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
  if (values.format !== "csv" && values.format !== "json") {
    throw new Error(`--format must be csv or json (got "${values.format}").`);
  }
  const since = parseSince(values.since, Date.now());
  const config = loadConfig(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    process.stdout.write(
      await EXPORTS[command as keyof typeof EXPORTS](database.db, since, values.format),
    );
  } finally {
    await database.close();
  }
  return 0;
}

async function runRotation(): Promise<number> {
  const config = loadConfig(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    process.stdout.write(
      await rotateSecretsKey(config, database.db, process.env.NEW_SECRETS_KEY || undefined),
    );
  } finally {
    await database.close();
  }
  return 0;
}

async function runReconciliation(): Promise<number> {
  const config = loadConfig(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    const ctx = createServiceContext(database.db, await prepareSecrets(config, database.db));
    const regions = regionDirectory(ctx, { localRegion: config.regions.localRegion });
    const output = await reconcileBillingCommand(
      ctx,
      config.billing ? createStripeClient(config.billing) : undefined,
      () => regions.defaultRegion(),
    );
    process.stdout.write(output.text);
    return output.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

async function runAccountCommand(
  command: string,
  values: Parameters<(typeof ACCOUNT_COMMANDS)[string]>[1],
): Promise<number> {
  const config = loadConfig(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    process.stdout.write(
      await ACCOUNT_COMMANDS[command]!(
        createServiceContext(database.db, await prepareSecrets(config, database.db)),
        {
          ...values,
          defaultPlan: config.defaultPlan,
          localRegion: config.regions.localRegion,
          appUrl: absoluteAppUrl(config),
        },
      ),
    );
  } finally {
    await database.close();
  }
  return 0;
}

async function runRunnerCommand(
  action: string | undefined,
  id: string | undefined,
  values: { region?: string | undefined; name?: string | undefined },
): Promise<number> {
  if (!action || !(action in RUNNER_COMMANDS)) {
    throw new Error(`runner needs one of add, list or revoke.\n\n${USAGE}`);
  }
  const config = loadConfig(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const brokerUrl = process.env.BROKER_URL || undefined;
  try {
    await migrateToLatest(database);
    process.stdout.write(
      await RUNNER_COMMANDS[action]!(
        createServiceContext(database.db, await prepareSecrets(config, database.db)),
        {
          region: values.region,
          name: values.name,
          id,
          announceRevoked: brokerUrl
            ? (runnerId) => announceRevoked(brokerUrl, runnerId)
            : undefined,
        },
      ),
    );
  } finally {
    await database.close();
  }
  return 0;
}

/** Publishes a revocation on the broker, giving up after a few seconds when it does not answer. */
async function announceRevoked(url: string, runnerId: string): Promise<void> {
  const control = new BrokerControl({ url, connectionName: "upwatch-admin" });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from BROKER_URL within 5 seconds`)), 5000);
  });
  try {
    await Promise.race([control.announceRevoked(runnerId, revokedDetail(Date.now())), timeout]);
  } finally {
    clearTimeout(timer);
    await control.close();
  }
}

/** Resolves once everything written to the stream so far has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((done) => stream.write("", () => done()));
}

// Output into a pipe is written in the background: exiting before it is flushed would cut it
// off at the pipe's buffer (64 KiB), so the exit waits for both streams.
async function exitAfterOutput(code: number): Promise<never> {
  process.exitCode = code;
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof Error ? error.message : String(error),
  );
  return exitAfterOutput(1);
});
