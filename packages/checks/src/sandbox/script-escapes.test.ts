import { afterAll, describe, expect, it } from "vitest";
import { closeScriptSandbox, runScript } from "./script-sandbox.ts";

afterAll(closeScriptSandbox);

function script(source: string) {
  return runScript({ source, variables: { token: "abc" }, response: null });
}

/** After each escape attempt the sandbox must still run an ordinary script. */
async function expectSandboxStillWorks() {
  expect(await script("vars.next = vars.token + '!';")).toEqual({
    ok: true,
    variables: { next: "abc!" },
    logs: [],
  });
}

describe("a script trying to leave the sandbox", () => {
  it.each([
    [
      "this.constructor.constructor('return process')().exit(1)",
      "Script error: 'process' is not defined (line 1)",
    ],
    [
      "vars.constructor.constructor('return process')().exit(1)",
      "Script error: 'process' is not defined (line 1)",
    ],
    [
      "Function('return this')().process.mainModule.require('fs')",
      "Script error: cannot read property 'mainModule' of undefined (line 1)",
    ],
    [
      "require('fs').readFileSync('/etc/passwd')",
      "Script error: 'require' is not defined (line 1)",
    ],
    [
      "import('fs').then((fs) => { vars.out = fs.readFileSync('/etc/passwd'); });",
      'Script error: scripts cannot load modules (import("fs")).',
    ],
    ["fetch('http://127.0.0.1/')", "Script error: 'fetch' is not defined (line 1)"],
    ["new XMLHttpRequest()", "Script error: 'XMLHttpRequest' is not defined (line 1)"],
  ])("fails with a clear error: %s", async (source, error) => {
    expect(await script(source)).toEqual({ ok: false, error, logs: [] });
    await expectSandboxStillWorks();
  });

  it("cannot use a static import", async () => {
    const outcome = await script("import fs from 'fs';");
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? "" : outcome.error).toMatch(/^Script error: /);
    await expectSandboxStillWorks();
  });

  it("is stopped after 1000 ms in an endless loop", async () => {
    expect(await script("while (true) {}")).toEqual({
      ok: false,
      error: "The script ran longer than 1000 ms and was stopped.",
      logs: [],
    });
    await expectSandboxStillWorks();
  });

  it("is stopped when it allocates more than 16 MiB", async () => {
    expect(await script("let a = []; while (true) a.push('x'.repeat(1e6));")).toEqual({
      ok: false,
      error: "The script used more than 16 MiB of memory and was stopped.",
      logs: [],
    });
    await expectSandboxStillWorks();
  });

  it("is stopped when it fills typed arrays past the limit", async () => {
    const outcome = await script("let a = []; while (true) a.push(new Uint8Array(1e6));");
    expect(outcome.ok ? "" : outcome.error).toBe(
      "The script used more than 16 MiB of memory and was stopped.",
    );
    await expectSandboxStillWorks();
  });

  it("ends deep recursion with an error", async () => {
    expect(await script("function down(n) { return down(n + 1) + 1; } down(0);")).toEqual({
      ok: false,
      error: "Script error: stack overflow (line 1)",
      logs: [],
    });
    await expectSandboxStillWorks();
  });

  it("cannot pollute the server's prototypes", async () => {
    const outcome = await script(
      "Object.prototype.polluted = 1; vars.__proto__.x = 1; Array.prototype.push = null; vars.done = 'yes';",
    );
    expect(outcome).toEqual({ ok: true, variables: { done: "yes" }, logs: [] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    await expectSandboxStillWorks();
  });

  it("does not leak one script's globals into the next", async () => {
    await script("globalThis.leftover = 'secret'; Object.prototype.shared = 'secret';");
    expect(await script("vars.seen = typeof leftover + ' ' + typeof ({}).shared;")).toEqual({
      ok: true,
      variables: { seen: "undefined undefined" },
      logs: [],
    });
  });

  it("is stopped by the watchdog when it blocks inside a built-in that never checks the time", async () => {
    expect(await script("while (true) 'x'.repeat(2e6).length;")).toEqual({
      ok: false,
      error: "The script ran longer than 1000 ms and was stopped.",
      logs: [],
    });
    await expectSandboxStillWorks();
  });
});
