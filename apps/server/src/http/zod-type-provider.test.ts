import { Writable } from "node:stream";
import type { ApiOperation } from "@upwatch/api";
import Fastify from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { routeOf } from "../routes/api/route-of.ts";
import { installProblemHandlers } from "./problem.ts";
import { serializeWithZod, validateWithZod, type ZodTypeProvider } from "./zod-type-provider.ts";

const renameThing = {
  method: "POST",
  url: "/things/:id",
  summary: "Rename a thing",
  tag: "Monitors",
  params: z.object({ id: z.string() }),
  body: z.strictObject({ name: z.string({ message: "name is required: what to call it." }) }),
  status: 200,
  response: z.object({ id: z.string(), name: z.string() }),
} as const satisfies ApiOperation;

const logs: string[] = [];
const app = Fastify({
  logger: {
    level: "error",
    stream: new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  installProblemHandlers(app);
  app.setValidatorCompiler(validateWithZod);
  app.setSerializerCompiler(serializeWithZod);
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(renameThing),
    handler: async (request) =>
      request.body.name === "broken"
        ? ({ id: request.params.id } as { id: string; name: string })
        : { name: request.body.name, id: request.params.id, secret: "kept out" },
  });
  await app.ready();
});
afterAll(() => app.close());

const rename = (payload?: object) =>
  app.inject({ method: "POST", url: "/things/t1", ...(payload ? { payload } : {}) });

it("answers in the response schema's key order and leaves out what the schema does not name", async () => {
  const response = await rename({ name: "Shop" });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('{"id":"t1","name":"Shop"}');
});

it("answers invalid input with 400 and the first problem as a sentence", async () => {
  expect((await rename({ name: 7 })).json()).toEqual({
    detail: "name is required: what to call it.",
  });
  const unknown = await rename({ name: "Shop", colour: "blue" });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toEqual({ detail: "Unknown field: colour." });
  expect((await rename()).json()).toEqual({ detail: "name is required: what to call it." });
});

it("answers an answer that breaks its schema with a generic 500 and logs why, with the stack", async () => {
  const response = await rename({ name: "broken" });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({
    detail: "Something went wrong on our side. Please try again in a moment.",
  });
  const logged = logs.map((line) => JSON.parse(line)).find((entry) => entry.err);
  expect(logged.err.message).toContain("The answer of POST /things/:id does not match its schema");
  expect(logged.err.stack).toContain("zod-type-provider.ts");
});
