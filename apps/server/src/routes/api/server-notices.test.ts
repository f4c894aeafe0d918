import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppWithMail, startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { registerUser, type TestSession, uniqueEmail } from "../../../test/sessions.ts";

describeEachDatabase("what the server's operator is told to fix", (db) => {
  const operatorEmail = uniqueEmail("operator");
  let unset: AppWithMail;
  let set: AppWithMail;
  let loopbackOnly: AppWithMail;
  let firstOwner: TestSession;
  let otherOwner: TestSession;
  let operator: TestSession;
  beforeAll(async () => {
    // PUBLIC_URL empty is PUBLIC_URL unset; HOST stays 0.0.0.0, reachable from other machines.
    unset = await startAppWithMail(db(), Date.now, {
      PUBLIC_URL: "",
      OPERATOR_EMAIL: operatorEmail,
    });
    set = await startAppWithMail(db(), Date.now, { PUBLIC_URL: "https://upwatch.example" });
    loopbackOnly = await startAppWithMail(db(), Date.now, { PUBLIC_URL: "", HOST: "127.0.0.1" });
    firstOwner = await registerUser(unset.app, uniqueEmail("first"));
    otherOwner = await registerUser(unset.app, uniqueEmail("second"));
    operator = await registerUser(unset.app, operatorEmail);
  });
  afterAll(async () => {
    await unset?.close();
    await set?.close();
    await loopbackOnly?.close();
  });

  const noticesOf = async (server: AppWithMail, who: TestSession) => {
    const answer = await server.app.inject({
      method: "GET",
      url: "/api/v1/server/notices",
      headers: who.cookie,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().notices as { code: string; message: string }[];
  };

  it("tells the owner of the server's first account that PUBLIC_URL is unset, and how to set it", async () => {
    const notices = await noticesOf(unset, firstOwner);
    expect(notices.map((notice) => notice.code)).toEqual(["public_url_unset"]);
    expect(notices[0]?.message).toContain("names http://localhost:3000");
    expect(notices[0]?.message).toContain("Set PUBLIC_URL to the address people and agents use");
  });

  it("tells the person whose address is OPERATOR_EMAIL too", async () => {
    expect((await noticesOf(unset, operator)).map((notice) => notice.code)).toEqual([
      "public_url_unset",
    ]);
  });

  it("tells nobody else", async () => {
    expect(await noticesOf(unset, otherOwner)).toEqual([]);
  });

  it("has nothing to tell once PUBLIC_URL is set, or while the server answers only on loopback", async () => {
    expect(await noticesOf(set, firstOwner)).toEqual([]);
    expect(await noticesOf(loopbackOnly, firstOwner)).toEqual([]);
  });
});
