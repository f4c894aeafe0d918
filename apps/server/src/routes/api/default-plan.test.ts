import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser } from "../../../test/sessions.ts";

describeEachDatabase("the plan of new accounts (DEFAULT_PLAN)", (db) => {
  let freeApp: FastifyInstance;
  let enterpriseApp: FastifyInstance;
  beforeAll(async () => {
    freeApp = await buildTestApp(db());
    enterpriseApp = await buildTestApp(db(), { env: { DEFAULT_PLAN: "enterprise" } });
  });
  afterAll(async () => {
    await freeApp.close();
    await enterpriseApp.close();
  });

  const planAfterRegistering = async (app: FastifyInstance) => {
    const user = await registerUser(app);
    const account = await app.inject({
      method: "GET",
      url: "/api/v1/account",
      headers: user.cookie,
    });
    return account.json().plan;
  };

  it("puts a registration on the Free plan when the operator chose nothing", async () => {
    expect(await planAfterRegistering(freeApp)).toBe("free");
  });

  it("puts every registration on the Enterprise plan with DEFAULT_PLAN=enterprise", async () => {
    expect(await planAfterRegistering(enterpriseApp)).toBe("enterprise");
    expect(await planAfterRegistering(enterpriseApp)).toBe("enterprise");
  });
});
