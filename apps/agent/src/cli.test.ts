import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startHttpServer } from "@upwatch/checks/testing";
import { CHECK_OPTION_SCHEMAS } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../../scripts/build.mjs";
import { FakeUpwatch } from "../test/fake-upwatch.ts";

const WORKSPACE = fileURLToPath(new URL("..", import.meta.url));
const BUNDLE = join(WORKSPACE, "dist/upwatch-agent.mjs");
const KEY = `uwa_${"p".repeat(40)}`;
const run = promisify(execFile);
let dir: string;

async function agent(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(BUNDLE, args, {
      env: { ...process.env, UPWATCH_AGENT_CONFIG: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  await ensureBuild({ parts: ["agent"] });
  dir = mkdtempSync(join(tmpdir(), "agent-cli-"));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the built upwatch-agent program", () => {
  it("prints its version and its help", async () => {
    expect(await agent(["--version"])).toMatchObject({ code: 0, stdout: "2.1.0\n" });
    expect((await agent(["--help"])).stdout).toContain("Usage: upwatch-agent [run|check]");
  });

  it("refuses an unknown command with a sentence and exit code 2", async () => {
    const result = await agent(["start"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "upwatch-agent has no command start; the commands are run and check.",
    );
  });

  it("exits 78 with a sentence when agent.yaml still holds the placeholder key, and check does too", async () => {
    const path = join(dir, "placeholder.yaml");
    writeFileSync(
      path,
      "api_url: https://upwatch.example.com\napi_key: uwa_REPLACE_WITH_YOUR_KEY\n",
    );
    const result = await agent(["run", "--config", path]);
    expect(result.code).toBe(78);
    expect(result.stderr).toContain("is still the placeholder uwa_REPLACE_WITH_YOUR_KEY");
    const checked = await agent(["check", "--config", path]);
    expect(checked.code).toBe(78);
    expect(checked.stderr).toContain("is still the placeholder uwa_REPLACE_WITH_YOUR_KEY");
  });

  it("exits 1 from check when the server cannot be reached", async () => {
    const path = join(dir, "unreachable.yaml");
    writeFileSync(path, `api_url: http://127.0.0.1:9\napi_key: ${KEY}\ntimeout: 2\n`);
    const result = await agent(["check", "--config", path]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toBe("");
  });

  it("checks a configuration against the server and exits 0", async () => {
    const server = new FakeUpwatch(KEY);
    const url = await server.start();
    const path = join(dir, "good.yaml");
    writeFileSync(path, `api_url: ${url}\napi_key: ${KEY}\n`);
    const result = await agent(["check", "--config", path]);
    await server.stop();
    expect(result).toMatchObject({
      code: 0,
      stdout: `Configuration is valid; this agent is db-primary on ${new URL(url).host}.\n`,
    });
  });

  it("reports at once when run and exits 0 on SIGTERM after delivering", async () => {
    const server = new FakeUpwatch(KEY);
    const url = await server.start();
    const path = join(dir, "run.yaml");
    writeFileSync(path, `api_url: ${url}\napi_key: ${KEY}\nmonitoring_interval: 10\n`);
    const child = spawn(BUNDLE, ["--config", path], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
    });
    const deadline = Date.now() + 10_000;
    while (server.batches.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGTERM");
    const code = await new Promise((resolve) => child.once("exit", resolve));
    await server.stop();
    expect(server.stored.length).toBeGreaterThanOrEqual(1);
    expect(code).toBe(0);
    expect(output).toContain("Stopped; every report was delivered.");
  });

  it("runs a check task from its first poll against a loopback target and posts the result", async () => {
    const target = await startHttpServer((_request, response) => response.end("intranet is up"));
    const server = new FakeUpwatch(KEY);
    const url = await server.start();
    const now = Date.now();
    server.handOut([
      {
        id: "tsk_intranet",
        kind: "check",
        monitor_id: "mon_intranet",
        planned_at: now,
        deadline_at: now + 120_000,
        check: {
          type: "keyword",
          target: `http://127.0.0.1:${target.port}/`,
          timeoutMs: 5000,
          options: CHECK_OPTION_SCHEMAS.keyword.parse({ keyword: "is up" }),
        },
      },
    ]);
    const path = join(dir, "proxy.yaml");
    writeFileSync(path, `api_url: ${url}\napi_key: ${KEY}\nmonitoring_interval: 10\n`);
    const child = spawn(BUNDLE, ["--config", path], { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    while (server.results.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGTERM");
    const code = await new Promise((resolve) => child.once("exit", resolve));
    await server.stop();
    await target.close();
    expect(code).toBe(0);
    expect(server.started).toEqual(["tsk_intranet"]);
    expect(server.resultsOf("tsk_intranet")).toEqual([
      expect.objectContaining({ outcome: expect.objectContaining({ status: "up", error: null }) }),
    ]);
  });
});
