import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeUpwatch } from "../../test/fake-upwatch.ts";
import { checkAgent } from "./check.ts";

const KEY = `uwa_${"c".repeat(40)}`;
let dir: string;
let server: FakeUpwatch;
let url: string;

function configFile(text: string): string {
  const path = join(dir, `agent-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, text);
  return path;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-check-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  server = new FakeUpwatch(KEY);
  url = await server.start();
});
afterEach(() => server.stop());

describe("upwatch-agent check", () => {
  it("prints the custom metrics it would report, and fails on a problem with them", async () => {
    const textfiles = mkdtempSync(join(dir, "textfile-"));
    writeFileSync(join(textfiles, "backup.prom"), "backup_age_seconds 3600\nbroken{ 1\n");
    const result = await checkAgent(
      configFile(
        [
          `api_url: ${url}`,
          `api_key: ${KEY}`,
          "custom_metrics:",
          `  - command: [${JSON.stringify(process.execPath)}, -e, 'console.log("queue_depth{queue=\\"mail\\"} 42")']`,
          `  - textfile_directory: ${textfiles}`,
          "",
        ].join("\n"),
      ),
    );
    expect(result).toMatchObject({ ok: false, badConfig: false });
    expect(result.lines.slice(1)).toEqual([
      "The custom metrics sources give 2 custom metric series:",
      '  queue_depth{queue="mail"} 42',
      "  backup_age_seconds 3600",
      `Line 2 of ${join(textfiles, "backup.prom")} has a label that is not name="value"; the line is skipped.`,
    ]);
  });

  it("says which agent the key belongs to when everything is in order", async () => {
    const result = await checkAgent(configFile(`api_url: ${url}\napi_key: ${KEY}\n`));
    const host = new URL(url).host;
    expect(result).toEqual({
      ok: true,
      badConfig: false,
      lines: [`Configuration is valid; this agent is db-primary on ${host}.`],
    });
    expect(server.userAgents[0]).toMatch(/^upwatch-agent\/2\.1\.0 \(\w+; \w+\)$/);
  });

  it("reports a rejected key with the server's sentence", async () => {
    const result = await checkAgent(
      configFile(`api_url: ${url}\napi_key: uwa_${"x".repeat(40)}\n`),
    );
    expect(result).toMatchObject({ ok: false, badConfig: false });
    expect(result.lines).toEqual([
      `The server at ${new URL(url).host} rejected the agent's key (HTTP 401). It said: This agent key is not valid: it was revoked, or its agent was deleted.`,
    ]);
  });

  it("reports every problem of the file, each with its line, without calling the server", async () => {
    const result = await checkAgent(
      configFile(`api_url: ${url}\napi_key: ${KEY}\ndisk_threshold: 101\nlog_levl: info\n`),
    );
    expect(result).toMatchObject({ ok: false, badConfig: true });
    expect(result.lines).toHaveLength(2);
    expect(result.lines[0]).toContain("key the agent does not know on line 4: log_levl.");
    expect(result.lines[1]).toContain("disk_threshold on line 3");
    expect(server.userAgents).toEqual([]);
  });

  it("says when the server cannot be reached", async () => {
    await server.stop();
    const result = await checkAgent(configFile(`api_url: ${url}\napi_key: ${KEY}\n`));
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toContain("refused the connection");
  });

  it("says when the file is missing", async () => {
    const result = await checkAgent(join(dir, "absent.yaml"));
    expect(result.lines[0]).toContain("There is no configuration file at");
  });
});
