import { connect } from "node:net";
import { Readable } from "node:stream";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { addClosingStep, trackClosing } from "./closing-steps.ts";

it("names each closing step while it runs, and none once the close is done", async () => {
  const app = Fastify();
  trackClosing(app);
  const seen: string[][] = [];
  addClosingStep(app, "the mail outbox", () => {
    seen.push([...app.closingSteps]);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  await app.close();
  expect(seen).toEqual([["the mail outbox"]]);
  expect([...app.closingSteps]).toEqual([]);
});

it("finishes closing when a client stops reading a long answer", async () => {
  const app = Fastify();
  trackClosing(app);
  const stepsRan: string[] = [];
  addClosingStep(app, "the monitoring engine", () => stepsRan.push("the monitoring engine"));
  const chunk = "x".repeat(64 * 1024);
  // Streamed like a rendered page: each piece waits for the client to take the last.
  app.get("/large", async (_request, reply) =>
    reply.type("text/plain").send(Readable.from(Array.from({ length: 1024 }, () => chunk))),
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  // The client asks and never reads: the answer cannot be written out.
  const socket = connect(port, "127.0.0.1");
  socket.pause();
  socket.on("error", () => {});
  socket.write("GET /large HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
  await new Promise((resolve) => setTimeout(resolve, 300));

  await app.close();
  expect(stepsRan).toEqual(["the monitoring engine"]);
  socket.destroy();
}, 20_000);
