import { contactMessageSchema } from "@upwatch/core";
import { type DatabaseHandle, openDatabase } from "@upwatch/db";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { freeLoopbackPort } from "../../test/ports.ts";
import { TEST_SECRETS } from "../../test/secrets.ts";
import { submitContactMessage } from "../services/contact/submit-contact-message.ts";
import { createServiceContext } from "../services/context.ts";
import { ServiceError } from "../services/service-error.ts";
import { installProblemHandlers } from "./problem.ts";

interface LogLine {
  level: number;
  msg: string;
  err?: { type: string; message: string; stack: string };
}

const ERROR_LEVEL = 50;
const WARN_LEVEL = 40;
const SERVER_FAULT = "Something went wrong on our side. Please try again in a moment.";
const TRY_AGAIN = "We could not save your message right now. Please try again in a few minutes.";

const message = contactMessageSchema.parse({
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "My HTTPS monitor says the certificate expired, but it renews tonight.",
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** The problem handlers and a route that submits a contact message through the real service. */
async function contactApp(database?: DatabaseHandle) {
  const logs: LogLine[] = [];
  const stream = { write: (line: string) => logs.push(JSON.parse(line) as LogLine) };
  const app = Fastify({ logger: { level: "info", stream } });
  installProblemHandlers(app);
  if (database) {
    const ctx = createServiceContext(database.db, TEST_SECRETS);
    app.post("/contact", async (_request, reply) =>
      reply.code(201).send(await submitContactMessage(ctx, message, {}, "support@example.com")),
    );
  }
  app.post("/refused", async () => {
    throw new ServiceError("rate-limited", "Slow down.", { retryAfterSeconds: 42 });
  });
  await app.ready();
  apps.push(app);
  return { app, logs, send: (url = "/contact") => app.inject({ method: "POST", url }) };
}

describeEachDatabase("a fault inside a service", (db) => {
  it("answers 500 with a generic sentence and logs the stack at error level for a broken query", async () => {
    const { logs, send } = await contactApp(db().handle);
    await sql`drop table contact_messages`.execute(db().handle.db);

    const response = await send();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: SERVER_FAULT });
    const logged = logs.find((line) => line.level === ERROR_LEVEL);
    expect(logged?.err?.message).toMatch(/contact_messages/);
    expect(logged?.err?.stack).toMatch(/\n\s+at /);
    expect(logs.some((line) => line.level === WARN_LEVEL)).toBe(false);
  });

  it("answers 503 with the try-again sentence when the database connection is closed", async () => {
    const connection = db().reopen();
    await connection.ping();
    const { logs, send } = await contactApp(connection);
    await connection.close();

    const response = await send();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: TRY_AGAIN });
    expect(logs.some((line) => line.level === WARN_LEVEL && line.msg === TRY_AGAIN)).toBe(true);
    expect(logs.some((line) => line.level === ERROR_LEVEL)).toBe(false);
  });
});

describe("the problem handlers", () => {
  it("answer 503 with the try-again sentence when PostgreSQL refuses the connection", async () => {
    const port = await freeLoopbackPort();
    const database = openDatabase({
      url: `postgres://postgres@127.0.0.1:${port}/test`,
      dataDir: "",
    });
    const { send } = await contactApp(database);

    const response = await send();
    await database.close();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: TRY_AGAIN });
  });

  it("answer a rate-limited refusal with 429, its sentence and a Retry-After header", async () => {
    const { send } = await contactApp();

    const response = await send("/refused");

    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("42");
    expect(response.json()).toEqual({ detail: "Slow down." });
  });
});
