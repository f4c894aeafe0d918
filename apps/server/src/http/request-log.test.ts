import Fastify, { LogController } from "fastify";
import { expect, it } from "vitest";
import { installRequestLog } from "./request-log.ts";

it("logs a token in the path as :token and drops the query string, keeping the rest of the path", async () => {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: "info", stream: { write: (line) => lines.push(line) } },
    // As the server: Fastify's own request lines are off, this hook's line is the only one.
    logController: new LogController({ disableRequestLogging: true }),
  });
  installRequestLog(app);
  app.get("/ping/:token/:signal", async () => "OK");
  const token = "q3Vx9Lm2Zt8Rb7Kc1Wn4Hs6Jd0Fg5Ya3Pe2Ui7Oo1Tr";
  await app.inject({ method: "GET", url: `/ping/${token}/fail?secret=abc` });
  await app.close();
  const logged = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request");
  expect(logged.path).toBe("/ping/:token/fail");
  expect(lines.join("")).not.toContain(token);
  expect(lines.join("")).not.toContain("abc");
});
