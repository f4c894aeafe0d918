import type { Database } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestAccount } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/app.ts";
import { describeEachDatabase } from "../../test/databases.ts";

const REFUSED = / must not contain NUL characters or broken Unicode\.$/;
// A NUL character, and the first half of a surrogate pair with no second half.
const UNSTORABLE = { "a NUL character": "a\u0000b", "a lone surrogate": "a\ud800b" };

interface Case {
  field: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  /** The request body with the unstorable text in the field. */
  body?: (text: string) => object;
  /** The table that must not gain a row. */
  table?: keyof Database;
  signedIn?: boolean;
}

const monitor = { type: "http", name: "Home page", target: "https://example.com/" };
const contact = { name: "Ada", email: "ada@example.com", subject: "Bug Report", message: "Hi." };

/** One request per kind of text field: the forms, sign-in, and each resource of the API. */
const CASES: Case[] = [
  {
    field: "the contact form's name",
    method: "POST",
    url: "/public/contact",
    table: "contact_messages",
    body: (t) => ({ ...contact, name: t }),
  },
  {
    field: "the contact form's message",
    method: "POST",
    url: "/public/contact",
    table: "contact_messages",
    body: (t) => ({ ...contact, message: t }),
  },
  {
    field: "the newsletter's e-mail address",
    method: "POST",
    url: "/email-subscriptions/subscribe",
    table: "newsletter_subscribers",
    body: (t) => ({ email: `${t}@example.com` }),
  },
  {
    field: "the e-mail address to register",
    method: "POST",
    url: "/api/v1/auth/register",
    table: "users",
    body: (t) => ({ email: `${t}@example.com`, password: "a long enough password" }),
  },
  {
    field: "the e-mail address to sign in with",
    method: "POST",
    url: "/api/v1/auth/login",
    body: (t) => ({ email: `${t}@example.com`, password: "a long enough password" }),
  },
  {
    field: "a new monitor's name",
    method: "POST",
    url: "/api/v1/monitors",
    table: "monitors",
    signedIn: true,
    body: (t) => ({ ...monitor, name: t }),
  },
  {
    field: "a new monitor's target",
    method: "POST",
    url: "/api/v1/monitors",
    table: "monitors",
    signedIn: true,
    body: (t) => ({ ...monitor, target: `https://example.com/${t}` }),
  },
  {
    field: "a new group's name",
    method: "POST",
    url: "/api/v1/groups",
    table: "monitor_groups",
    signedIn: true,
    body: (t) => ({ name: t }),
  },
  {
    field: "a new group's description",
    method: "POST",
    url: "/api/v1/groups",
    table: "monitor_groups",
    signedIn: true,
    body: (t) => ({ name: "Checkout", description: t }),
  },
  {
    field: "a new monitor's header value",
    method: "POST",
    url: "/api/v1/monitors",
    table: "monitors",
    signedIn: true,
    body: (t) => ({ ...monitor, options: { headers: { "X-Team": t } } }),
  },
  {
    field: "a new monitor's keyword",
    method: "POST",
    url: "/api/v1/monitors",
    table: "monitors",
    signedIn: true,
    body: (t) => ({ ...monitor, type: "keyword", options: { keyword: t } }),
  },
  {
    field: "a changed monitor's name",
    method: "PATCH",
    url: "/api/v1/monitors/{monitor}",
    signedIn: true,
    body: (t) => ({ name: t }),
  },
  {
    field: "a new channel's name",
    method: "POST",
    url: "/api/v1/channels",
    table: "channels",
    signedIn: true,
    body: (t) => ({ type: "email", name: t, config: { address: "ops@example.com" } }),
  },
  {
    field: "a new channel's destination",
    method: "POST",
    url: "/api/v1/channels",
    table: "channels",
    signedIn: true,
    body: (t) => ({ type: "email", config: { address: `${t}@example.com` } }),
  },
  {
    field: "a changed channel's name",
    method: "PATCH",
    url: "/api/v1/channels/{channel}",
    signedIn: true,
    body: (t) => ({ name: t }),
  },
  {
    field: "a monitor's channel ids",
    method: "PUT",
    url: "/api/v1/monitors/{monitor}/channels",
    table: "monitor_channels",
    signedIn: true,
    body: (t) => ({ channel_ids: [t] }),
  },
  {
    field: "a dependency's monitor ids",
    method: "POST",
    url: "/api/v1/dependencies",
    table: "dependencies",
    signedIn: true,
    body: (t) => ({ child_monitor_id: t, parent_monitor_id: t }),
  },
  {
    field: "an API key's name",
    method: "POST",
    url: "/api/v1/api-keys",
    table: "api_keys",
    signedIn: true,
    body: (t) => ({ name: t }),
  },
];

describeEachDatabase("text that cannot be stored", (db) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const ids = { monitor: "", channel: "" };

  beforeAll(async () => {
    app = await buildTestApp(db(), { env: { FORMS_RATE_LIMIT: "0", SIGNUP_RATE_LIMIT: "0" } });
    ({ headers } = await createTestAccount(db(), "hobby"));
    const send = (url: string, payload: object) =>
      app.inject({ method: "POST", url, headers, payload }).then((r) => r.json().id as string);
    ids.monitor = await send("/api/v1/monitors", monitor);
    ids.channel = await send("/api/v1/channels", {
      type: "email",
      name: "Ops",
      config: { address: "ops@example.com" },
    });
  });
  afterAll(() => app.close());

  const rows = async (table: keyof Database) =>
    Number(
      (
        await db()
          .handle.db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  for (const { field, method, url, body, table, signedIn } of CASES) {
    for (const [what, text] of Object.entries(UNSTORABLE)) {
      it(`refuses ${what} in ${field} with 400 and a sentence, and stores nothing`, async () => {
        const before = table ? await rows(table) : 0;

        const response = await app.inject({
          method,
          url: url.replace("{monitor}", ids.monitor).replace("{channel}", ids.channel),
          headers: signedIn ? headers : {},
          ...(body ? { payload: body(text) } : {}),
        });

        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(REFUSED);
        if (table) expect(await rows(table)).toBe(before);
      });
    }
  }

  it("keeps a monitor and a channel unchanged when a change to them is refused", async () => {
    const get = (url: string) => app.inject({ method: "GET", url, headers }).then((r) => r.json());
    expect((await get(`/api/v1/monitors/${ids.monitor}`)).name).toBe("Home page");
    expect((await get(`/api/v1/channels/${ids.channel}`)).name).toBe("Ops");
  });

  it("refuses a NUL character in an id in the path with 400 and a sentence", async () => {
    for (const url of [`/api/v1/monitors/%00`, `/api/v1/channels/a%00b`]) {
      const response = await app.inject({ method: "GET", url, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: "The id in the path must not contain NUL characters or broken Unicode.",
      });
    }
  });

  it("refuses a lone surrogate in an id in the path as an address that is not valid", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/monitors/%ED%A0%80",
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^The request's address is not valid/);
  });

  it("refuses a NUL character in a query string with 400 and a sentence naming it", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/alerts?monitor_id=%00",
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: "monitor_id must not contain NUL characters or broken Unicode.",
    });
  });
});
