import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestAccount } from "../../../test/accounts.ts";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";

const VALUE = "log-must-never-hold-this-7d1e";

/** The server's log lines: it writes JSON lines to standard output through `fs.write`. */
function captureServerLogs(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const write = fs.write;
  const writeSync = fs.writeSync;
  const spies = [
    vi.spyOn(fs, "write").mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd !== 1 && fd !== 2) return (write as (...a: unknown[]) => void)(fd, data, ...rest);
      lines.push(String(data));
      const done = rest.find((part) => typeof part === "function") as
        | ((error: null, written: number) => void)
        | undefined;
      done?.(null, Buffer.byteLength(String(data)));
    }) as never),
    vi.spyOn(fs, "writeSync").mockImplementation(((
      fd: number,
      data: unknown,
      ...rest: unknown[]
    ) => {
      if (fd !== 1 && fd !== 2)
        return (writeSync as (...a: unknown[]) => number)(fd, data, ...rest);
      lines.push(String(data));
      return Buffer.byteLength(String(data));
    }) as never),
  ];
  const stop = () => {
    for (const spy of spies) spy.mockRestore();
  };
  return { lines, stop };
}

describeEachDatabase("secure variable values in the server's logs", (db) => {
  let app: FastifyInstance;
  let logs: ReturnType<typeof captureServerLogs>;

  beforeAll(async () => {
    logs = captureServerLogs();
    app = await buildTestApp(db(), { env: { LOG_LEVEL: "trace" } });
  });
  afterAll(async () => {
    await app.close();
    logs.stop();
  });

  it("logs requests that carry a value without ever writing the value", async () => {
    const account = await createTestAccount(db(), "hobby");
    const send = (method: "POST" | "PUT", url: string, payload: object) =>
      app.inject({
        method,
        url: `/api/v1/secure-variables${url}`,
        headers: account.headers,
        payload,
      });
    expect((await send("POST", "", { name: "logged", value: VALUE })).statusCode).toBe(201);
    expect((await send("PUT", "/logged", { value: `${VALUE}-2` })).statusCode).toBe(200);
    expect((await send("POST", "", { name: "bad", value: `${VALUE}\u0000` })).statusCode).toBe(400);
    expect((await send("POST", "", { name: "1bad", value: VALUE })).statusCode).toBe(400);
    expect((await send("PUT", "/missing", { value: VALUE })).statusCode).toBe(404);

    const written = logs.lines.join("");
    expect(written).toContain('"path":"/api/v1/secure-variables"');
    expect(written).toContain('"path":"/api/v1/secure-variables/logged"');
    expect(written).not.toContain(VALUE);
  });
});
