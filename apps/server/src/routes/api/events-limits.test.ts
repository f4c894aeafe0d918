import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EventStreamReader, openEventStream } from "../../../test/event-stream-client.ts";
import { installProblemHandlers } from "../../http/problem.ts";
import { LiveBus, MAX_LISTENERS_PER_ACCOUNT } from "../../live/live-bus.ts";
import { eventRoutes, streamCredential } from "./events.ts";

describe("the live update stream's limits", () => {
  let app: FastifyInstance;
  let base: string;
  const live = new LiveBus();
  const liveSessions = new Set<string>();

  beforeAll(async () => {
    app = Fastify();
    installProblemHandlers(app);
    await app.register(compress, { encodings: ["br", "gzip"], threshold: 0 });
    app.addHook("onRequest", async (request) => {
      const account = String(request.headers["x-account"]);
      const session = request.headers["x-session"];
      request.access =
        typeof session === "string"
          ? { accountId: account, plan: "hobby", userId: "usr_1", sessionId: session }
          : { accountId: account, plan: "hobby", apiKeyId: `key_${account}` };
    });
    app.addHook("preClose", async () => live.endAll());
    await app.register(eventRoutes, {
      prefix: "/api/v1",
      live,
      keepAliveMs: 100,
      sessionIsLive: async (sessionId) => liveSessions.has(sessionId),
    });
    base = `${await app.listen({ port: 0, host: "127.0.0.1" })}/api/v1/events`;
  });
  afterAll(() => app.close());

  const open = (account: string) => openEventStream(base, { "x-account": account });

  it("sends a keep-alive comment on an idle stream", async () => {
    const stream = await open("acc_idle");
    await expect.poll(() => stream.text(), { timeout: 2000 }).toContain(": keep-alive\n\n");
    stream.close();
  });

  it("refuses a stream beyond the account's limit with a sentence, and frees a place when one closes", async () => {
    const streams: EventStreamReader[] = [];
    for (let index = 0; index < MAX_LISTENERS_PER_ACCOUNT; index++)
      streams.push(await open("acc_busy"));
    expect(live.count("acc_busy")).toBe(MAX_LISTENERS_PER_ACCOUNT);
    const refused = await fetch(base, { headers: { "x-account": "acc_busy" } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toBe(
      "This account already has the most live update connections open at once (20). Close another tab or window of the app and try again.",
    );
    const elsewhere = await open("acc_other");
    expect(elsewhere.response.statusCode).toBe(200);
    elsewhere.close();

    streams.pop()!.close();
    await expect.poll(() => live.count("acc_busy")).toBe(MAX_LISTENERS_PER_ACCOUNT - 1);
    const again = await open("acc_busy");
    expect(again.response.statusCode).toBe(200);
    for (const stream of [...streams, again]) stream.close();
    await expect.poll(() => live.listening("acc_busy")).toBe(false);
  });

  it("ends the streams opened with a credential when it ends", async () => {
    const first = await open("acc_key");
    const second = await open("acc_key");
    live.endCredential(
      streamCredential({ accountId: "acc_key", plan: "hobby", apiKeyId: "key_acc_key" })!,
    );
    await Promise.all([first.ended, second.ended]);
    expect(live.listening("acc_key")).toBe(false);
  });

  it("ends a signed-in stream at its next keep-alive once the session has ended elsewhere", async () => {
    liveSessions.add("ses_a").add("ses_b");
    const ending = await openEventStream(base, { "x-account": "acc_ses", "x-session": "ses_a" });
    const staying = await openEventStream(base, { "x-account": "acc_ses", "x-session": "ses_b" });
    liveSessions.delete("ses_a");
    await ending.ended;
    expect(live.count("acc_ses")).toBe(1);
    await expect.poll(() => staying.text(), { timeout: 2000 }).toContain(": keep-alive\n\n");
    staying.close();
  });

  it("delivers each event to every stream of its account in the event-stream format", async () => {
    const first = await open("acc_fan");
    const second = await open("acc_fan");
    live.publish("acc_fan", { name: "monitor-deleted", data: { monitor_id: "mon_gone" } });
    for (const stream of [first, second]) {
      const event = await stream.next((received) => received.event === "monitor-deleted");
      expect(event.data).toEqual({ monitor_id: "mon_gone" });
      expect(stream.text()).toContain(
        'event: monitor-deleted\ndata: {"monitor_id":"mon_gone"}\n\n',
      );
      stream.close();
    }
  });
});
