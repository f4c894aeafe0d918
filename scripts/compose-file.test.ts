import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { REGIONS } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadRunnerConfig } from "../apps/runner/src/runner-config.ts";
import { loadConfig } from "../apps/server/src/config.ts";

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), "utf8");

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
}

const compose = parse(read("../compose.yaml")) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { server, runner } = compose.services as { server: Service; runner: Service };

// What `docker compose` would pass in with a .env that sets every variable.
const SAMPLE_VALUES: Record<string, string> = {
  POSTGRES_PASSWORD: "sample-password",
  PUBLIC_URL: "https://status.example.com",
  RUNNER_TOKEN: `upr_run_${"a".repeat(16)}_${"b".repeat(43)}`,
};

function interpolated(environment: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      String(value).replace(/\$\{(\w+)(?::[-?][^}]*)?\}/g, (_, variable: string) => {
        const sample = SAMPLE_VALUES[variable];
        if (sample === undefined) throw new Error(`No sample value for \${${variable}}`);
        return sample;
      }),
    ]),
  );
}

/** The variable names a configuration module reads: its schema's keys and its direct reads. */
function variablesReadBy(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, name] of source.matchAll(/^\s+([A-Z][A-Z0-9_]*): /gm)) names.add(name!);
  for (const [, name] of source.matchAll(/\b(?:present|env|e)\.([A-Z][A-Z0-9_]*)\b/g)) {
    names.add(name!);
  }
  return names;
}

const serverVariables = variablesReadBy(read("../apps/server/src/config.ts"));
const runnerVariables = variablesReadBy(read("../apps/runner/src/runner-config.ts"));

describe("the compose file", () => {
  it("sets only environment variables that the server and the runner read", () => {
    const unknownToServer = Object.keys(server.environment ?? {}).filter(
      (name) => !serverVariables.has(name),
    );
    const unknownToRunner = Object.keys(runner.environment ?? {}).filter(
      (name) => !runnerVariables.has(name),
    );
    expect(serverVariables.has("DATABASE_URL")).toBe(true);
    expect(runnerVariables.has("RUNNER_TOKEN")).toBe(true);
    expect({ unknownToServer, unknownToRunner }).toEqual({
      unknownToServer: [],
      unknownToRunner: [],
    });
  });

  it("gives the server settings its configuration accepts, on PostgreSQL and the Redis broker", () => {
    const env = interpolated(server.environment);
    const config = loadConfig(env);
    expect(config.publicUrl).toBe("https://status.example.com");
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.BROKER_URL).toBe("redis://redis:6379");
    expect(env.REDIS_URL).toBe("redis://redis:6379");
  });

  it("runs a runner in a region Upwatch knows, other than the one the server checks from", () => {
    const command = runner.command ?? [];
    const script = command.findIndex((part) => part.endsWith("apps/runner/dist/runner.js"));
    expect(script).toBeGreaterThan(0);
    const config = loadRunnerConfig(command.slice(script + 1), interpolated(runner.environment));
    expect(REGIONS).toContain(config.region);
    expect(config.region).not.toBe(server.environment?.LOCAL_REGION);
    expect(interpolated(runner.environment).BROKER_URL).toBe(
      interpolated(server.environment).BROKER_URL,
    );
  });

  it("starts the server only once PostgreSQL and Redis are healthy", () => {
    expect(server.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
    });
    for (const name of ["server", "postgres", "redis"]) {
      expect(compose.services[name]?.healthcheck?.test?.[0], name).toBe("CMD");
    }
  });

  it("keeps every service's data on a named volume that the file declares", () => {
    const mounted = Object.values(compose.services).flatMap((service) =>
      (service.volumes ?? []).map((volume) => volume.split(":")[0]!),
    );
    expect(mounted.sort()).toEqual(["postgres-data", "redis-data", "upwatch-data"]);
    expect(Object.keys(compose.volumes).sort()).toEqual(mounted.sort());
    expect(server.volumes).toContain("upwatch-data:/data");
  });

  it("runs the runner from the image the server is built as", () => {
    expect(server.build).toBe(".");
    expect(runner.image).toBe(server.image);
  });
});
