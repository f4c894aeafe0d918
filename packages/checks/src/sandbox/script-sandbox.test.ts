import { afterAll, describe, expect, it } from "vitest";
import { closeScriptSandbox, runScript, scriptSyntaxProblem } from "./script-sandbox.ts";
import type { ScriptInput } from "./script-types.ts";

afterAll(closeScriptSandbox);

function script(source: string, extra: Partial<ScriptInput> = {}) {
  return runScript({ source, variables: {}, response: null, ...extra });
}

describe("a script step", () => {
  it("reads the run's variables and sets new and changed ones as strings", async () => {
    const outcome = await script(
      "vars.greeting = 'Hello ' + vars.name; vars.count = Number(vars.count) + 1; vars.same = vars.same; vars.flag = true;",
      { variables: { name: "Ada", count: "41", same: "unchanged" } },
    );
    expect(outcome).toEqual({
      ok: true,
      variables: { greeting: "Hello Ada", count: "42", flag: "true" },
      logs: [],
    });
  });

  it("ignores keys that are not variable names", async () => {
    const outcome = await script("vars['not a name'] = 'x'; vars['1st'] = 'y'; vars.fine = 'z';");
    expect(outcome).toEqual({ ok: true, variables: { fine: "z" }, logs: [] });
  });

  it("refuses a script that adds more than 50 variables", async () => {
    const outcome = await script("for (let i = 0; i < 51; i++) vars['v' + i] = i;");
    expect(outcome).toEqual({
      ok: false,
      error: "Script error: the script added 51 variables; a script may add at most 50.",
      logs: [],
    });
  });

  it("reads the last response and cannot change it", async () => {
    const outcome = await script(
      "vars.code = response.status; vars.kind = response.headers['content-type']; vars.id = JSON.parse(response.body).id; vars.fast = response.time_ms < 100; response.status = 500; vars.after = response.status;",
      {
        response: {
          status: 201,
          headers: { "content-type": "application/json" },
          body: '{"id":7}',
          time_ms: 42,
        },
      },
    );
    expect(outcome).toEqual({
      ok: true,
      variables: { code: "201", kind: "application/json", id: "7", fast: "true", after: "201" },
      logs: [],
    });
  });

  it("sees a null response when no request ran before it", async () => {
    const outcome = await script("vars.none = String(response === null);");
    expect(outcome).toEqual({ ok: true, variables: { none: "true" }, logs: [] });
  });

  it("captures console.log lines, at most 20 of 500 characters", async () => {
    const outcome = await script(
      "console.log('token is', vars.token, { a: 1 }); console.log('x'.repeat(800)); for (let i = 0; i < 40; i++) console.log(i);",
      { variables: { token: "abc" } },
    );
    expect(outcome.logs).toHaveLength(20);
    expect(outcome.logs[0]).toBe('token is abc {"a":1}');
    expect(outcome.logs[1]).toBe("x".repeat(500));
    expect(outcome.logs[2]).toBe("0");
  });

  it("hides a secret in a long log line or error before cutting it, so no part of it is kept", async () => {
    const secret = "hunter2-very-secret";
    const maskText = (text: string) => text.split(secret).join("********");
    const outcome = await script(
      "console.log('x'.repeat(495) + vars.secret); throw new Error('e'.repeat(295) + vars.secret);",
      { variables: { secret }, maskText },
    );
    expect(outcome.logs[0]).toBe(`${"x".repeat(495)}*****`);
    expect(outcome).toMatchObject({
      ok: false,
      error: `Script error: ${"e".repeat(295)}*****… (line 1)`,
    });
    expect(JSON.stringify(outcome)).not.toContain("hunter");
  });

  it("drops a waiting script whose run is stopped, without waiting for the busy worker", async () => {
    const busy = script("while (true) {}");
    const stop = new AbortController();
    const waiting = script("vars.ran = 'yes';", { signal: stop.signal });
    stop.abort();
    expect(await waiting).toEqual({
      ok: false,
      error: "Script error: the run was stopped before the script's turn came.",
      logs: [],
    });
    expect(await busy).toMatchObject({ ok: false });
  });

  it("reports an exception with its message and line, keeping the lines logged before it", async () => {
    const outcome = await script(
      "console.log('before');\n\nthrow new Error('no token in the answer');",
    );
    expect(outcome).toEqual({
      ok: false,
      error: "Script error: no token in the answer (line 3)",
      logs: ["before"],
    });
  });

  it("shortens a very long error message", async () => {
    const outcome = await script("throw new Error('e'.repeat(5000));");
    expect(outcome).toEqual({
      ok: false,
      error: `Script error: ${"e".repeat(300)}… (line 1)`,
      logs: [],
    });
  });

  it("lets promise callbacks finish before reading the variables", async () => {
    const outcome = await script("Promise.resolve(5).then((n) => { vars.later = n * 2; });");
    expect(outcome).toEqual({ ok: true, variables: { later: "10" }, logs: [] });
  });
});

describe("the script sandbox", () => {
  it("answers scripts sent at the same time, each with its own variables", async () => {
    const outcomes = await Promise.all(
      ["1", "2", "3", "4", "5"].map((n) =>
        script("vars.double = String(Number(vars.n) * 2);", { variables: { n } }),
      ),
    );
    expect(
      outcomes.map((outcome) => (outcome.ok ? outcome.variables.double : outcome.error)),
    ).toEqual(["2", "4", "6", "8", "10"]);
  });

  it("answers a script still running when the sandbox is closed", async () => {
    const running = script("while (true) {}");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await closeScriptSandbox();
    expect(await running).toEqual({
      ok: false,
      error: "Script error: the script sandbox was stopped before the script finished.",
      logs: [],
    });
  });

  it("starts again after being closed", async () => {
    await closeScriptSandbox();
    expect(await script("vars.again = 'yes';")).toEqual({
      ok: true,
      variables: { again: "yes" },
      logs: [],
    });
  });
});

describe("checking a script before saving it", () => {
  it("reports a syntax error without running the script", async () => {
    expect(await scriptSyntaxProblem("vars.x = ;")).toMatch(
      /^the script does not parse: .+ \(line 1\)$/,
    );
  });

  it("accepts a script that parses, even one that would never finish", async () => {
    expect(await scriptSyntaxProblem("while (true) {}")).toBeUndefined();
  });
});
