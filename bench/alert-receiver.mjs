// The far side of bench/alerts.ts, in its own process: an HTTP target on each loopback address
// given (200 until told "down", then 503), a webhook receiver that checks every signature and
// notes when each message arrived, and one stand-in for every other channel type's service
// (`/<type>/...`: the chat webhooks, the bot and push APIs, the paging services), which notes the
// type, the monitor its message names and when it arrived. Reports what it received when asked.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

// A benchmark that dies, even by SIGKILL, closes this channel: end with it rather than outlive it.
process.on("disconnect", () => process.exit(0));

const [secret, ...addresses] = process.argv.slice(2);
const key = Buffer.from(secret.slice("whsec_".length), "base64");
let down = false;
const received = [];
let badSignatures = 0;

const targetPorts = [];
for (const host of addresses) {
  const server = createServer((_request, response) => {
    response.writeHead(down ? 503 : 200, { "content-type": "text/plain" });
    response.end(down ? "Service Unavailable\n" : "Status: Operational\n");
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, host, resolve));
  targetPorts.push(server.address().port);
}

function verified(headers, body) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const [version, signature] = String(headers["webhook-signature"] ?? "").split(",");
  if (!id || !timestamp || version !== "v1" || !signature) return false;
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const hooks = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString("utf8");
    if (!verified(request.headers, body)) badSignatures += 1;
    const payload = JSON.parse(body);
    received.push({
      id: request.headers["webhook-id"],
      type: "webhook",
      monitorId: payload.monitor.id,
      event: payload.event,
      at,
    });
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => hooks.listen(0, "127.0.0.1", resolve));

// Every service's message names its monitor ("Bench 12 is down"); the first mention is it.
const MONITOR_NAMED = /Bench (\d+)\b/;
const services = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString("utf8");
    const type = String(request.url).split("/")[1];
    const named = MONITOR_NAMED.exec(body);
    received.push({
      id: null,
      type,
      monitorId: named ? `mon_bench_${named[1]}` : null,
      // The benchmark only takes monitors down, so every message is a monitor-down alert.
      event: "monitor.down",
      at,
    });
    // One answer every service's client takes as a success.
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ ok: true, status: 1, request: "bench", result: {} }));
  });
});
await new Promise((resolve) => services.listen(0, "127.0.0.1", resolve));

process.send?.({
  targetPorts,
  hookPort: hooks.address().port,
  servicePort: services.address().port,
});
process.on("message", (message) => {
  if (message === "down") down = true;
  if (message === "report") process.send?.({ received, badSignatures });
  if (message === "stop") process.exit(0);
});
