import { fileURLToPath } from "node:url";
import { PRODUCT_NAME } from "@upwatch/core";
import { holdDataDir, migrateToLatest, openDatabase } from "@upwatch/db";
import { ConfigError, loadConfig } from "./config.ts";
import { operatorNotices } from "./services/server/operator-notices.ts";
import { buildApp } from "./wiring/app.ts";

const WEB_CLIENT_DIR = fileURLToPath(new URL("../../web/build/client", import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // One server per embedded database: a second one, or a restore, would work under its feet.
  const hold = config.databaseUrl ? undefined : holdDataDir(config.dataDir);
  if (!config.databaseUrl && !hold) {
    throw new ConfigError(
      `DATA_DIR ${config.dataDir} is in use by another ${PRODUCT_NAME} server or a restore: stop it first, or give this server a DATA_DIR of its own.`,
    );
  }
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database);
  const app = await buildApp({ config, database, webClientDir: WEB_CLIENT_DIR });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    setTimeout(() => {
      app.log.error(
        { waitingFor: [...app.closingSteps] },
        `shutdown did not finish within ${SHUTDOWN_GRACE_MS / 1000} s; stopping now`,
      );
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app
      .close()
      .then(async () => {
        app.closingSteps.add("the database connections");
        await database.close();
        hold?.release();
      })
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const edition = config.edition === "self-hosted" ? " (self-hosted edition)" : "";
  app.log.info(
    { url: config.publicUrl, database: database.dialect, edition: config.edition },
    `${PRODUCT_NAME}${edition} is serving ${config.publicUrl} on ${database.dialect}`,
  );
  for (const notice of operatorNotices(config))
    app.log.warn({ notice: notice.code }, notice.message);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : `${PRODUCT_NAME} could not start: ${String(error instanceof Error ? error.message : error)}`;
  console.error(message);
  process.exit(1);
});
