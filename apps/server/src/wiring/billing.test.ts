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
  it("stops with a sentence naming Stripe's address when the prices cannot be set up", async () => {
    const address = await closedAddress();
    const start = buildTestApp(db(), {
      env: {
        STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: address,
      },
    });
    await expect(start).rejects.toThrowError(
      `Billing could not set up the prices it sells in Stripe at ${address}:`,
    );
  });
});
