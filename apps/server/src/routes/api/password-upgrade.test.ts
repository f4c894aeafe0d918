import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { EARLIER_PASSWORD, EARLIER_SCRYPT_HASH } from "../../../test/earlier-password-hash.ts";
import { logInRequest, registerUser } from "../../../test/sessions.ts";

describeEachDatabase("passwords stored by earlier versions", (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  const storedHashOf = async (userId: string) =>
    (
      await db()
        .handle.db.selectFrom("users")
        .select("password_hash")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it("signs in with a password stored as scrypt and stores it again as argon2id", async () => {
    const user = await registerUser(app);
    await db()
      .handle.db.updateTable("users")
      .set({ password_hash: EARLIER_SCRYPT_HASH })
      .where("id", "=", user.userId)
      .execute();

    expect((await logInRequest(app, user.email, EARLIER_PASSWORD)).statusCode).toBe(200);
    const upgraded = await storedHashOf(user.userId);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(upgraded).not.toContain(EARLIER_PASSWORD);

    expect((await logInRequest(app, user.email, EARLIER_PASSWORD)).statusCode).toBe(200);
    expect(await storedHashOf(user.userId)).toBe(upgraded);
  });

  it("refuses a wrong password against an earlier hash and leaves the hash as it was", async () => {
    const user = await registerUser(app);
    await db()
      .handle.db.updateTable("users")
      .set({ password_hash: EARLIER_SCRYPT_HASH })
      .where("id", "=", user.userId)
      .execute();

    const refused = await logInRequest(app, user.email, `${EARLIER_PASSWORD}!`);
    expect(refused.statusCode).toBe(401);
    expect(await storedHashOf(user.userId)).toBe(EARLIER_SCRYPT_HASH);
  });
});
