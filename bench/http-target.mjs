// A plain HTTP target for bench/checks.ts, run in its own process: answers every request with
// 200 and a small body on each loopback address given, then prints its CPU time when told to stop.
import { createServer } from "node:http";

// A benchmark that dies, even by SIGKILL, closes this channel: end with it rather than outlive it.
process.on("disconnect", () => process.exit(0));

const addresses = process.argv.slice(2);
const ports = [];
for (const host of addresses) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("Status: Operational\n");
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
