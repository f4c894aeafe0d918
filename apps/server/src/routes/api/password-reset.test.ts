import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startAppWithMail } from "../../../test/app-with-mail.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import {
  logInRequest,
  registerUser,
  sessionFrom,
  setCookieOf,
  uniqueEmail,
} from "../../../test/sessions.ts";
import type { SmtpSink } from "../../../test/smtp-sink.ts";
import { createAccount } from "../../services/accounts/create-account.ts";
import type { ServiceContext } from "../../services/context.ts";
import { PASSWORD_RESET_REQUESTED } from "./auth.ts";

const EXPIRED = "This reset link has expired or was already used. Ask for a new one.";

describeEachDatabase("resetting a forgotten password", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  let clock = Date.UTC(2026, 10, 21, 10, 15);
  let ctx: ServiceContext;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, smtp, ctx, close } = await startAppWithMail(db(), () => clock));
  });
  afterAll(() => close());
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const requestReset = (email: string) =>
    app.inject({ method: "POST", url: "/api/v1/auth/password-reset", payload: { email } });
  const complete = (token: string, password: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset/complete",
      payload: { token, password },
    });
  const tokenInMail = (index = 0) => {
    const match = smtp.received[index]?.text?.match(
      /https:\/\/upwatch\.example\/app\/reset-password\?token=([\w-]+)/,
    );
    if (!match?.[1]) throw new Error(`No reset link in: ${smtp.received[index]?.text}`);
    return match[1];
  };

  it("mails a working link that signs in with the new password and ends other sessions", async () => {
    const user = await registerUser(app);
    const response = await requestReset(user.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe("Reset your Upwatch password");
    expect(smtp.received[0]!.to).toMatchObject({ text: user.email });

    const done = await complete(tokenInMail(), "a brand new password");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      user: { id: user.userId, email: user.email },
      account: { id: user.accountId, plan: "free" },
    });
    const fresh = sessionFrom(done, user.email, "a brand new password");
    const me = (headers: Record<string, string>) =>
      app.inject({ method: "GET", url: "/api/v1/auth/session", headers });
    expect((await me(fresh.cookie)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await logInRequest(app, user.email, user.password)).statusCode).toBe(401);
    expect((await logInRequest(app, user.email, "a brand new password")).statusCode).toBe(200);
  });

  it("accepts a link once only", async () => {
    const user = await registerUser(app);
    await requestReset(user.email);
    await app.outbox.drain();
    const token = tokenInMail();
    expect((await complete(token, "first new password")).statusCode).toBe(200);
    const again = await complete(token, "second new password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: EXPIRED });
    expect(setCookieOf(again)).toBeUndefined();
    expect((await logInRequest(app, user.email, "first new password")).statusCode).toBe(200);
  });

  it("refuses a link after an hour, and a made-up one", async () => {
    const user = await registerUser(app);
    await requestReset(user.email);
    await app.outbox.drain();
    const token = tokenInMail();
    clock += 60 * 60_000;
    expect((await complete(token, "too late a password")).json()).toEqual({ detail: EXPIRED });
    expect((await complete("made-up-token", "a made up password")).json()).toEqual({
      detail: EXPIRED,
    });
    expect((await logInRequest(app, user.email, user.password)).statusCode).toBe(200);
  });

  it("keeps the link usable when the new password is too short", async () => {
    const user = await registerUser(app);
    await requestReset(user.email);
    await app.outbox.drain();
    const short = await complete(tokenInMail(), "short");
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ detail: "The password must be at least 10 characters long." });
    expect((await complete(tokenInMail(), "long enough this time")).statusCode).toBe(200);
  });

  it("answers the same for an address without an account and sends nothing", async () => {
    const response = await requestReset(uniqueEmail("nobody"));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(0);
    const invalid = await requestReset("not an address");
    expect(invalid.statusCode).toBe(400);
  });

  it("sends one mail per address in two minutes however often it is asked", async () => {
    const user = await registerUser(app);
    await requestReset(user.email);
    clock += 60_000;
    expect((await requestReset(user.email)).statusCode).toBe(202);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    clock += 60_001;
    await requestReset(user.email);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(2);
    expect(tokenInMail(1)).not.toBe(tokenInMail(0));
    // The newer link works; using it retires the older one.
    expect((await complete(tokenInMail(1), "the newest password")).statusCode).toBe(200);
    expect((await complete(tokenInMail(0), "an older link password")).statusCode).toBe(400);
  });

  it("gives a password to a user the operator created without one", async () => {
    const email = uniqueEmail("operator-made");
    await createAccount(ctx, { name: "Made by hand", plan: "hobby", ownerEmail: email });
    expect((await logInRequest(app, email, "any password at all")).statusCode).toBe(401);
    await requestReset(email);
    await app.outbox.drain();
    expect((await complete(tokenInMail(), "my first password")).statusCode).toBe(200);
    const login = await logInRequest(app, email, "my first password");
    expect(login.json()).toMatchObject({ account: { name: "Made by hand", plan: "hobby" } });
  });
});
