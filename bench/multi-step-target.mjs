// A small JSON API for bench/multi-step.ts, run in its own process on each loopback address
// given: POST /v1/auth/login answers a token, GET /v1/orders answers orders to a bearer of it.
// Prints its CPU time when told to stop.
import { createServer } from "node:http";

// A benchmark that dies, even by SIGKILL, closes this channel: end with it rather than outlive it.
process.on("disconnect", () => process.exit(0));

const TOKEN = "bench-token-2c9f";
const addresses = process.argv.slice(2);
const ports = [];
for (const host of addresses) {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const json = (status, body) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.url === "/v1/auth/login") return json(200, { data: { token: TOKEN } });
      if (request.url?.startsWith("/v1/orders")) {
        return request.headers.authorization === `Bearer ${TOKEN}`
          ? json(200, { data: [{ id: "7" }, { id: "8" }] })
          : json(401, { error: "no token" });
      }
      return json(404, { error: "not found" });
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, host, resolve));
  ports.push(server.address().port);
}
process.send?.({ ports });
process.on("message", (message) => {
  if (message === "stop") {
    const usage = process.cpuUsage();
    process.send?.({ cpuMs: (usage.user + usage.system) / 1000 });
    process.exit(0);
  }
});
