import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, testConfig } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { logInRequest, uniqueEmail } from "../../../test/sessions.ts";
import { createServiceContext } from "../../services/context.ts";
import { absoluteAppUrl } from "../../wiring/accounts.ts";
import { ACCOUNT_COMMANDS } from "./accounts.ts";

const CLOSED = { REGISTRATION: "closed", PUBLIC_URL: "https://upwatch.example" };
const DAY_MS = 86_400_000;

describeEachDatabase("the operator creating an account on a server closed to sign-ups", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db(), { env: CLOSED });
  });
  afterAll(() => app.close());

  /** Runs `create-account` as `npm run admin` does with the server's settings. */
  const createAccount = (email: string, now: () => number = Date.now) => {
    const config = testConfig(CLOSED);
    const ctx = { ...createServiceContext(db().handle.db, TEST_SECRETS), now };
    return ACCOUNT_COMMANDS["create-account"]!(ctx, {
      name: "Acme",
      email,
      defaultPlan: config.defaultPlan,
      appUrl: absoluteAppUrl(config),
    });
  };
  const tokenIn = (output: string) => {
    const link = /^ {2}(https:\/\/upwatch\.example\/app\/reset-password\?token=(\S+))$/m.exec(
      output,
    );
    expect(link, output).not.toBeNull();
    return link![2]!;
  };
  const choosePassword = (token: string, password: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset/complete",
      payload: { token, password },
    });

  it("prints a link with which the owner chooses a password and signs in, while registering is refused", async () => {
    const email = uniqueEmail("owner");
    const refused = await app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { email, password: "the owner's password" },
    });
    expect(refused.statusCode).toBe(403);

    const output = await createAccount(email);
    const accountId = /^Account (acc_\S+) created on the Free plan\.$/m.exec(output)?.[1];
    expect(accountId).toBeDefined();
    expect(output).toContain(
      "The owner chooses a password and signs in with this link (works once, for 7 days):",
    );
    const token = tokenIn(output);

    const chosen = await choosePassword(token, "the owner's password");
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ user: { email }, account: { id: accountId } });
    const again = await choosePassword(token, "another password entirely");
    expect(again.statusCode).toBe(400);

    const signedIn = await logInRequest(app, email, "the owner's password");
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().account.id).toBe(accountId);
  });

  it("keeps the owner's link working for seven days, and no longer", async () => {
    const fresh = await createAccount(uniqueEmail("late"), () => Date.now() - 6 * DAY_MS);
    expect((await choosePassword(tokenIn(fresh), "chosen after six days")).statusCode).toBe(200);
    const stale = await createAccount(uniqueEmail("later"), () => Date.now() - 8 * DAY_MS);
    expect((await choosePassword(tokenIn(stale), "chosen after eight days")).statusCode).toBe(400);
  });
});
