import type { PlanId } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { createTestAccount } from "./accounts.ts";
import { buildTestApp } from "./app.ts";
import type { TestDatabase } from "./databases.ts";

type TestAccount = Awaited<ReturnType<typeof createTestAccount>>;

/**
 * Sets up, for the suite it is called in, the app on `db` with two accounts on `plan`: `account`,
 * whose headers calls send unless told otherwise, and `other`, to prove one cannot reach the
 * other's things. `call` answers the status and the parsed body of an /api/v1 request.
 */
export function useTwoAccountsApi(db: () => TestDatabase, plan: PlanId) {
  let app: FastifyInstance;
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp(db());
    account = await createTestAccount(db(), plan);
    other = await createTestAccount(db(), plan);
  });
  afterAll(() => app.close());

  const call = async (
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: object,
    headers = account.headers,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  /** A ping monitor of the account (or of the one `headers` sign in as), by its id. */
  const pingMonitor = async (name: string, headers = account.headers) =>
    (
      await call(
        "POST",
        "/monitors",
        { type: "ping", name, target: "gateway.example.com" },
        headers,
      )
    ).body.id as string;

  return {
    call,
    pingMonitor,
    get account() {
      return account;
    },
    get other() {
      return other;
    },
  };
}
