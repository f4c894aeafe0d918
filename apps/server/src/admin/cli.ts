import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { ConfigError, loadConfig } from "../config.ts";
import { exportContacts, exportSubscribers } from "./commands/export-forms.ts";
import { parseSince } from "./export-format.ts";

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  contacts      Contact messages     --since 7d|24h|30m|2024-12-31 (default 30d)  --format csv|json (default csv)
  subscribers   Newsletter subscribers, same options

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
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof Error ? error.message : String(error),
    );
    process.exit(1);
  },
);
