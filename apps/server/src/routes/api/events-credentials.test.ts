import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { openEventStream } from "../../../test/event-stream-client.ts";
import { registerUser } from "../../../test/sessions.ts";

describeEachDatabase("live update streams and the credentials they opened with", (db) => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp(db());
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app.close());

  const open = (headers: Record<string, string>) =>
    openEventStream(`${base}/api/v1/events`, headers);
  const call = (method: "POST" | "DELETE", url: string, headers: object, payload?: object) =>
    fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...headers,
        origin: base,
        ...(payload ? { "content-type": "application/json" } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });

  it("ends a browser's stream the moment it signs out, and leaves its other tabs' sessions open", async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const signingOut = await open(user.cookie);
    const unrelated = await open(other.cookie);
    expect((await call("POST", "/auth/logout", user.headers)).status).toBe(204);
    await signingOut.ended;
    expect(app.live.count(other.accountId)).toBe(1);
    unrelated.close();
  });

  it("ends the streams of a revoked API key at once", async () => {
    const user = await registerUser(app);
    const created = await call("POST", "/api-keys", user.headers, { name: "dashboard" });
    const key = (await created.json()) as { id: string; key: string };
    const stream = await open({ authorization: `Bearer ${key.key}` });
    expect((await call("DELETE", `/api-keys/${key.id}`, user.headers)).status).toBe(204);
    await stream.ended;
    expect(app.live.listening(user.accountId)).toBe(false);
  });

  it("ends every stream of an account when the account is deleted", async () => {
    const user = await registerUser(app);
    const streams = [await open(user.cookie), await open(user.cookie)];
    const deleted = await call("DELETE", "/account", user.headers, { confirm_email: user.email });
    expect(deleted.status).toBe(204);
    await Promise.all(streams.map((stream) => stream.ended));
    expect(app.live.listening(user.accountId)).toBe(false);
  });
});
