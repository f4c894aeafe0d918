import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** Who signs in at the provider. */
export interface ProviderPerson {
  sub: string;
  email: string;
  email_verified?: boolean;
  /** What the provider's login page asks for; without one, any password is taken. */
  password?: string;
}

/** Changes made to the next ID tokens the provider issues, as an attacker in the middle would. */
export interface IdTokenTampering {
  claims?: (claims: Record<string, unknown>) => Record<string, unknown>;
  /** Sign with a key the provider does not publish (under the same key id). */
  foreignKey?: boolean;
}

/**
 * A real OpenID Connect provider on the loopback interface with one confidential client and a
 * login page of its own (username and password), for the server's tests and the browser tests.
 */
export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lets the person sign in on the provider's login page (by e-mail address or `sub`). */
  addPerson(person: ProviderPerson): void;
  /**
   * Follows an authorization URL through the provider as a browser would, submitting its login
   * page as the person, and answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, person: ProviderPerson): Promise<URL>;
  /** Tampers with the ID tokens issued from now on; undefined stops it. */
  tamper(tampering: IdTokenTampering | undefined): void;
  close(): Promise<void>;
}

const KEY_ID = "test-signing-key";

function newSigningKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey;
}

function resign(token: string, tampering: IdTokenTampering, key: KeyObject): string {
  const [, payload = ""] = token.split(".");
  const original = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  const claims = tampering.claims ? tampering.claims(original) : original;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signingInput = `${encode({ alg: "RS256", kid: KEY_ID })}.${encode(claims)}`;
  const signature = sign("RSA-SHA256", Buffer.from(signingInput), key).toString("base64url");
  return `${signingInput}.${signature}`;
}

/** Starts a provider on 127.0.0.1 whose client returns browsers to `redirectUri`. */
export async function startOpenIdProvider(redirectUri: string): Promise<TestOpenIdProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = () => {};
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "upwatch";
  const clientSecret = "a client secret long enough for the provider";
  const signingKey = newSigningKey();
  const foreignKey = newSigningKey();
  const people = new Map<string, ProviderPerson>();
  let tampering: IdTokenTampering | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: {
      keys: [{ ...signingKey.export({ format: "jwk" }), kid: KEY_ID, alg: "RS256", use: "sig" }],
    },
    cookies: { keys: ["a cookie key for the test provider"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    features: { devInteractions: { enabled: false } },
    // Ten minutes for everything the provider keeps, more than any test takes.
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => {
        const person = people.get(id);
        return { sub: id, email: person?.email, email_verified: person?.email_verified ?? true };
      },
    }),
    // Every client is trusted with the scopes it asks for: no consent screen.
    loadExistingGrant: async (ctx: {
      oidc: {
        provider: { Grant: new (init: object) => GrantLike };
        client: { clientId: string };
        session: { accountId: string };
      };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === "/token" && tampering && body?.id_token) {
      const key = tampering.foreignKey ? foreignKey : signingKey;
      ctx.body = { ...body, id_token: resign(body.id_token, tampering, key) };
    }
  });
  const providerHandler = provider.callback();
  const personSigningIn = (login: string, password: string) => {
    const person =
      people.get(login) ??
      [...people.values()].findLast(
        (candidate) => candidate.email.toLowerCase() === login.trim().toLowerCase(),
      );
    return person && (person.password === undefined || person.password === password)
      ? person
      : undefined;
  };
  const loginPage = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    if (request.method !== "POST") {
      return showLoginPage(response, details.uid, details.params.login_hint ?? "");
    }
    const form = new URLSearchParams(await bodyOf(request));
    const login = form.get("login") ?? "";
    const person = personSigningIn(login, form.get("password") ?? "");
    if (!person) {
      return showLoginPage(response, details.uid, login, "Wrong username or password.");
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: person.sub } },
      { mergeWithLastSubmission: false },
    );
  };
  handle = (request, response) => {
    if (!request.url?.startsWith("/interaction/")) return providerHandler(request, response);
    loginPage(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    addPerson(person) {
      people.set(person.sub, person);
    },
    async signIn(authorizationUrl, person) {
      people.set(person.sub, person);
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      let loginForm: string | undefined;
      for (let hop = 0; hop < 10; hop += 1) {
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
        const response = await fetch(
          next,
          loginForm === undefined
            ? { redirect: "manual", headers: { cookie } }
            : {
                method: "POST",
                redirect: "manual",
                headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
                body: loginForm,
              },
        );
        loginForm = undefined;
        for (const line of response.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const equals = pair.indexOf("=");
          const name = pair.slice(0, equals);
          const value = pair.slice(equals + 1);
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
        if (response.status === 200 && next.pathname.startsWith("/interaction/")) {
          // The login page: the person submits their username and password.
          await response.text();
          loginForm = new URLSearchParams({
            login: person.sub,
            password: person.password ?? "",
          }).toString();
          continue;
        }
        const location = response.headers.get("location");
        if (!location)
          throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
        next = new URL(location, next);
        if (next.href.startsWith(redirectUri)) return next;
      }
      throw new Error("The provider never sent the browser back.");
    },
    tamper(change) {
      tampering = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The provider's login page: a username (the address hinted by the client) and a password. */
function showLoginPage(response: ServerResponse, uid: string, login: string, error?: string) {
  response.setHeader("content-type", "text/html; charset=utf-8");
  response.statusCode = error ? 401 : 200;
  response.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to the test provider</title></head>
<body>
<main>
<h1>Sign in to the test provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${encodeURIComponent(uid)}">
<label for="login">Username</label>
<input id="login" name="login" autocomplete="username" value="${escapeHtml(login)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`);
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

interface GrantLike {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
