// Throughput of the public form endpoints on embedded SQLite with rate limits off. The product
// runs in its own process, as in production; the load comes from this one.
// Prints requests/s and latency per endpoint, then checks every accepted submission was stored.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@upwatch/db";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/build.mjs";
import { startBuiltServer } from "./built-server.ts";
import { smokeOr } from "./smoke.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? smokeOr(1, 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? smokeOr(2, 50));

await ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), "upwatch-bench-"));
const server = await startBuiltServer(dataDir, { FORMS_RATE_LIMIT: "0", FORMS_MIN_FILL_MS: "0" });
const { url } = server;

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
  console.log(
    `${title.padEnd(10)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  2xx ${result["2xx"]}  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  return result["2xx"];
}

console.log(
  `SQLite, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, rate limits off, mail to files`,
);
const contacts = await run("contact", "/public/contact", (n) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: "General Question",
  message: "How many monitors can I create on the free plan?",
}));
const subscribers = await run("subscribe", "/email-subscriptions/subscribe", (n) => ({
  email: `reader${n}@example.com`,
}));

await server.stop();
const database = openDatabase({ dataDir });
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
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `answered 2xx: ${contacts} contact, ${subscribers} subscribe; stored: ${storedContacts} contact, ${storedSubscribers} subscribe`,
);
// Requests still in flight when the timer stops are stored but not counted as answered.
const lost = Math.max(0, contacts - storedContacts) + Math.max(0, subscribers - storedSubscribers);
console.log(
  lost === 0
    ? "every accepted submission is stored"
    : `LOST: ${lost} accepted submissions are missing`,
);
