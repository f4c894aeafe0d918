import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { TestDatabase } from "./databases.ts";

/** A configuration as a fresh install would have it, with quiet logs and any overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", ...env });
}

/** The whole HTTP application on a test database, driven in-process with `inject`. */
export async function buildTestApp(
  database: TestDatabase,
  options: { env?: Record<string, string>; webClientDir?: string } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.env),
    database: database.handle,
    webClientDir: options.webClientDir,
  });
  await app.ready();
  return app;
}
