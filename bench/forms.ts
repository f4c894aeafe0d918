// Throughput of the public form endpoints on embedded SQLite with rate limits off.
// Prints requests/s and latency percentiles per endpoint, then checks nothing accepted was lost.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import autocannon from "autocannon";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-"));
const config = loadConfig({
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  FORMS_RATE_LIMIT: "0",
  FORMS_MIN_FILL_MS: "0",
});
const database = openDatabase({ dataDir });
await migrateToLatest(database);
// Mail is parked as files (no SMTP configured), as on a fresh install.
const app = await buildApp({ config, database });
const url = await app.listen({ port: 0, host: "127.0.0.1" });

async function run(title: string, path: string, body: (i: number) => object) {
  let i = 0;
  const result = await autocannon({
    url: `${url}${path}`,
    method: "POST",
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body(i++)) }) }],
  });
  const ok = result["2xx"];
  console.log(
    `${title.padEnd(12)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  2xx ${ok}  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  return ok;
}

console.log(`SQLite, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, rate limits off`);
const contacts = await run("contact", "/public/contact", (n) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: "General Question",
  message: "How many monitors can I create on the free plan?",
}));
const subscribers = await run("subscribe", "/email-subscriptions/subscribe", (n) => ({
  email: `reader${n}@example.com`,
}));

const count = async (table: "contact_messages" | "newsletter_subscribers") =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const storedContacts = await count("contact_messages");
const storedSubscribers = await count("newsletter_subscribers");
console.log(
  `accepted contact messages ${contacts}, stored ${storedContacts}; accepted subscriptions ${subscribers}, stored ${storedSubscribers}`,
);
// Requests still in flight when the timer stops are stored but not counted as answered.
const lost = Math.max(0, contacts - storedContacts) + Math.max(0, subscribers - storedSubscribers);
console.log(
  lost === 0
    ? "every accepted submission is stored"
    : `LOST: ${lost} accepted submissions are missing`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
