import { once } from "node:events";
import { createServer } from "node:net";
import { expect, it } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { TEST_STRIPE_KEY, TEST_WEBHOOK_SECRET } from "../../test/billing.ts";
import { describeEachDatabase } from "../../test/databases.ts";

/** A loopback address where nothing listens: a port from 0, closed again. */
async function closedAddress(): Promise<string> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describeEachDatabase("starting with billing on", (db) => {
  it("starts and takes Stripe's events while Stripe cannot be reached, and says so in the log", async () => {
    const address = await closedAddress();
    const logLines: string[] = [];
    const app = await buildTestApp(db(), {
      env: {
        STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: address,
        LOG_LEVEL: "error",
      },
      logStream: { write: (line) => void logLines.push(line) },
    });
    try {
      const forged = await app.inject({
        method: "POST",
        url: "/api/v1/billing/webhook",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
        payload: "{}",
      });
      expect(forged.statusCode).toBe(400);
      await expect
        .poll(() => logLines.join(""), { timeout: 10_000 })
        .toContain(`could not set up the prices it sells in Stripe at ${address}`);
    } finally {
      await app.close();
    }
  });
});
