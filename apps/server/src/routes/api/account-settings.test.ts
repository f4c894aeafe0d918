import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../../../test/app.ts";
import { describeEachDatabase } from "../../../test/databases.ts";
import { logInRequest, registerUser, sessionFrom, uniqueEmail } from "../../../test/sessions.ts";
import { loopbackSmtpTransport, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink.ts";

describeEachDatabase("changing the e-mail address and the password", (db) => {
  let app: FastifyInstance;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await buildTestApp(db(), {
      env: { PUBLIC_URL: "https://upwatch.example" },
      mailTransport: loopbackSmtpTransport(smtp.port),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const mailTo = async (address: string) => {
    await app.outbox.drain();
    return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(address));
  };

  const patch = (url: string, headers: Record<string, string>, payload: Record<string, string>) =>
    app.inject({ method: "PATCH", url: `/api/v1/auth/${url}`, headers, payload });
  const me = (headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/v1/auth/session", headers });

  it("changes the address after checking the password; the old address no longer signs in", async () => {
    const user = await registerUser(app);
    const next = uniqueEmail("moved");
    const wrong = await patch("email", user.headers, { email: next, current_password: "nope" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: "The current password is not correct." });

    const changed = await patch("email", user.headers, {
      email: next,
      current_password: user.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ user: { id: user.userId, email: next } });
    expect((await me(user.cookie)).json()).toMatchObject({
      user: { email: next },
      account: { name: next },
    });
    expect((await logInRequest(app, user.email, user.password)).statusCode).toBe(401);
    expect((await logInRequest(app, next, user.password)).statusCode).toBe(200);
  });

  it("tells the old address that the account now signs in with another, with the way to take it back", async () => {
    const user = await registerUser(app);
    const next = uniqueEmail("elsewhere");
    const refused = await patch("email", user.headers, { email: next, current_password: "nope" });
    expect(refused.statusCode).toBe(403);
    expect(await mailTo(user.email)).toEqual([]);

    await patch("email", user.headers, { email: next, current_password: user.password });
    const [notice, ...more] = await mailTo(user.email);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe("Your Upwatch sign-in address was changed");
    expect(notice?.text).toContain(`now signs in with ${next}`);
    expect(notice?.text).toContain("https://upwatch.example/app/forgot-password");
    expect(await mailTo(next)).toEqual([]);
  });

  it("sends no notice when only the letter case of the address changes", async () => {
    const user = await registerUser(app);
    const shouted = user.email.toUpperCase();
    const changed = await patch("email", user.headers, {
      email: shouted,
      current_password: user.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(await mailTo(user.email)).toEqual([]);
    expect(await mailTo(shouted)).toEqual([]);
  });

  it("refuses an address another account uses, and a malformed one", async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const taken = await patch("email", user.headers, {
      email: other.email.toUpperCase(),
      current_password: user.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: "An account already uses that e-mail address." });
    const malformed = await patch("email", user.headers, {
      email: "nowhere",
      current_password: user.password,
    });
    expect(malformed.json()).toEqual({ detail: "Please enter a valid email address." });
    const csrfLess = await patch("email", user.cookie, {
      email: uniqueEmail(),
      current_password: user.password,
    });
    expect(csrfLess.statusCode).toBe(403);
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const user = await registerUser(app);
    const elsewhere = sessionFrom(
      await logInRequest(app, user.email, user.password),
      user.email,
      user.password,
    );
    const wrong = await patch("password", user.headers, {
      current_password: "not it at all",
      new_password: "a different password",
    });
    expect(wrong.statusCode).toBe(403);
    const short = await patch("password", user.headers, {
      current_password: user.password,
      new_password: "short",
    });
    expect(short.json()).toEqual({ detail: "The password must be at least 10 characters long." });

    const changed = await patch("password", user.headers, {
      current_password: user.password,
      new_password: "a different password",
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
    expect((await logInRequest(app, user.email, user.password)).statusCode).toBe(401);
    expect((await logInRequest(app, user.email, "a different password")).statusCode).toBe(200);
  });
});
