import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("starts a fresh install on port 3000 with SQLite under ./data and the app under /app", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.appUrl).toBe("http://localhost:3000/app");
    expect(config.apiUrl).toBe("");
    expect(config.supportEmail).toBe("support@upwatch.example");
    expect(config.smtp).toBeUndefined();
    expect(config.sms).toBeUndefined();
  });

  it("offers the agent packages built into the repository's dist/agent-packages unless told another folder", () => {
    expect(loadConfig({}).agentPackagesDir).toMatch(/[/\\]dist[/\\]agent-packages$/);
    expect(loadConfig({}).agentPackagesDir).not.toMatch(/apps[/\\]server/);
    expect(loadConfig({ AGENT_PACKAGES_DIR: "/srv/agent-packages" }).agentPackagesDir).toBe(
      "/srv/agent-packages",
    );
  });

  it("looks domain proofs up through the DNS server DNS_VERIFICATION_RESOLVER names, else the system's", () => {
    expect(loadConfig({}).dnsVerificationResolver).toBeUndefined();
    for (const address of ["127.0.0.1:5353", "10.0.0.53", "2001:db8::53", "[2001:db8::53]:5353"]) {
      expect(loadConfig({ DNS_VERIFICATION_RESOLVER: address }).dnsVerificationResolver).toBe(
        address,
      );
    }
    for (const bad of ["dns.example.com", "127.0.0.1:99999", "127.0.0.1:", "300.1.1.1"]) {
      expect(() => loadConfig({ DNS_VERIFICATION_RESOLVER: bad })).toThrowError(
        `Invalid configuration: DNS_VERIFICATION_RESOLVER must be the IP address of a DNS server, with a port if not 53, such as 127.0.0.1:5353 or [2001:db8::53]:53 (got "${bad}").`,
      );
    }
  });

  it("sets up SMS only with the account, its token and the sender together", () => {
    const sms = { SMS_ACCOUNT_SID: "AC123", SMS_AUTH_TOKEN: "secret-token", SMS_FROM: "+15550100" };
    expect(loadConfig(sms).sms).toEqual({
      apiUrl: "https://api.twilio.com",
      accountSid: "AC123",
      authToken: "secret-token",
      from: "+15550100",
    });
    expect(loadConfig({ ...sms, SMS_API_URL: "http://127.0.0.1:9000/" }).sms?.apiUrl).toBe(
      "http://127.0.0.1:9000",
    );
    expect(() =>
      loadConfig({ SMS_ACCOUNT_SID: "AC123", SMS_AUTH_TOKEN: "secret-token" }),
    ).toThrowError(
      "Invalid configuration: SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together to send SMS.",
    );
  });

  it("takes payments only with the Stripe secret key and the webhook signing secret together", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_456" };
    expect(loadConfig({}).billing).toBeUndefined();
    expect(loadConfig(stripe).billing).toEqual({
      secretKey: "sk_test_123",
      webhookSecret: "whsec_456",
      apiUrl: "https://api.stripe.com",
    });
    expect(
      loadConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:9000/" }).billing?.apiUrl,
    ).toBe("http://127.0.0.1:9000");
    for (const half of [
      { STRIPE_SECRET_KEY: "sk_test_123" },
      { STRIPE_WEBHOOK_SECRET: "whsec_456" },
    ]) {
      expect(() => loadConfig(half)).toThrowError(
        "Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together to take payments.",
      );
    }
  });

  it("derives the public and app addresses from PORT and PUBLIC_URL", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    const config = loadConfig({ PUBLIC_URL: "https://status.example.com/" });
    expect(config.publicUrl).toBe("https://status.example.com");
    expect(config.appUrl).toBe("https://status.example.com/app");
  });

  it("names the variable and what it expects when a value is bad", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty").',
    );
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrowError(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ PUBLIC_URL: "status.example.com" })).toThrowError(/PUBLIC_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "nobody" })).toThrowError(
      /SUPPORT_EMAIL must be an e-mail address/,
    );
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrowError(
      /LOG_LEVEL must be one of fatal, error/,
    );
    expect(() => loadConfig({ SMTP_SECURE: "maybe" })).toThrowError(
      /SMTP_SECURE must be true or false/,
    );
  });

  it("shares rate-limit counters through Redis only when REDIS_URL is a redis URL", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redisUrl).toBe(
      "redis://127.0.0.1:6379",
    );
    expect(() => loadConfig({ REDIS_URL: "127.0.0.1:6379" })).toThrowError(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379 (got "127.0.0.1:6379").',
    );
    expect(() => loadConfig({ REDIS_URL: "http://127.0.0.1:6379" })).toThrowError(/REDIS_URL/);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });

  it("enables SMTP delivery only when SMTP_HOST is set", () => {
    const config = loadConfig({
      SMTP_HOST: "mail.example.com",
      SMTP_USER: "u",
      SMTP_PASSWORD: "p",
    });
    expect(config.smtp).toEqual({
      host: "mail.example.com",
      port: 587,
      secure: false,
      user: "u",
      password: "p",
    });
  });

  it("loads no analytics unless told to, and Google Analytics when only an id is given", () => {
    expect(loadConfig({}).analyticsProvider).toBe("none");
    expect(loadConfig({ ANALYTICS_ID: "G-ABC123" }).analyticsProvider).toBe("gtag");
    expect(loadConfig({ ANALYTICS_PROVIDER: "record" }).analyticsProvider).toBe("record");
    expect(() => loadConfig({ ANALYTICS_PROVIDER: "gtag" })).toThrowError(
      /ANALYTICS_PROVIDER gtag needs ANALYTICS_ID/,
    );
    expect(() => loadConfig({ ANALYTICS_PROVIDER: "matomo" })).toThrowError(
      /ANALYTICS_PROVIDER must be one of none, gtag, record/,
    );
  });

  it("gives new accounts the Free plan unless DEFAULT_PLAN names another", () => {
    expect(loadConfig({}).defaultPlan).toBe("free");
    expect(loadConfig({ DEFAULT_PLAN: "enterprise" }).defaultPlan).toBe("enterprise");
    expect(() => loadConfig({ DEFAULT_PLAN: "gold" })).toThrowError(
      'Invalid configuration: DEFAULT_PLAN must be one of free, hobby, business, enterprise, self-hosted (got "gold").',
    );
  });

  it("lets anyone register unless REGISTRATION says first-account, invite-only or closed, and names a bad value", () => {
    expect(loadConfig({}).registration).toBe("open");
    expect(loadConfig({ REGISTRATION: "first-account" }).registration).toBe("first-account");
    expect(loadConfig({ REGISTRATION: "invite-only" }).registration).toBe("invite-only");
    expect(loadConfig({ REGISTRATION: "closed" }).registration).toBe("closed");
    expect(() => loadConfig({ REGISTRATION: "invitation" })).toThrowError(
      'Invalid configuration: REGISTRATION must be one of open, first-account, invite-only, closed (got "invitation").',
    );
  });

  it("runs the hosted edition unless EDITION says self-hosted, and names a bad value", () => {
    const hosted = loadConfig({});
    expect(hosted.edition).toBe("hosted");
    expect(hosted.defaultPlan).toBe("free");
    expect(hosted.monitoring.allowPrivateTargets).toBe(false);
    expect(() => loadConfig({ EDITION: "community" })).toThrowError(
      'Invalid configuration: EDITION must be one of hosted, self-hosted (got "community").',
    );
  });

  it("gives the self-hosted edition every feature, first-account sign-up and private targets, each still settable", () => {
    const selfHosted = loadConfig({ EDITION: "self-hosted" });
    expect(selfHosted.defaultPlan).toBe("self-hosted");
    expect(selfHosted.registration).toBe("first-account");
    expect(selfHosted.monitoring.allowPrivateTargets).toBe(true);
    const chosen = loadConfig({
      EDITION: "self-hosted",
      DEFAULT_PLAN: "free",
      REGISTRATION: "closed",
      ALLOW_PRIVATE_TARGETS: "false",
    });
    expect(chosen.defaultPlan).toBe("free");
    expect(chosen.registration).toBe("closed");
    expect(chosen.monitoring.allowPrivateTargets).toBe(false);
  });

  it("refuses the hosted service's shop and site settings in the self-hosted edition, naming them", () => {
    expect(() =>
      loadConfig({
        EDITION: "self-hosted",
        AD_PIXEL_ID: "1234",
        IOS_APP_URL: "https://apps.example.com/x",
      }),
    ).toThrowError(
      "Invalid configuration: AD_PIXEL_ID, IOS_APP_URL belong to the hosted edition (its shop and public site): unset them, or run the hosted edition.",
    );
  });

  it("names the local region as the operator chooses and refuses a name that is not a place name", () => {
    expect(loadConfig({ LOCAL_REGION_NAME: "Office" }).regions.localRegionName).toBe("Office");
    expect(loadConfig({}).regions.localRegionName).toBeUndefined();
    expect(() => loadConfig({ LOCAL_REGION_NAME: "<b>x</b>" })).toThrowError(
      /^Invalid configuration: LOCAL_REGION_NAME must be a place name of 1 to 40 letters/,
    );
  });

  it("reads SECRETS_KEY as hex or base64 and refuses anything else without echoing it", () => {
    const hex = "ab".repeat(32);
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey?.bytes).toEqual(Buffer.from(hex, "hex"));
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ SECRETS_KEY: base64 }).secretsKey?.bytes).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: "short-and-secret" })).toThrowError(
      new ConfigError(
        "Invalid configuration: SECRETS_KEY must be 32 bytes written as 64 hexadecimal characters or as base64, such as the output of openssl rand -base64 32.",
      ),
    );
  });

  it("serves no metrics unless METRICS_TOKEN or METRICS_PORT is set, and refuses weak settings", () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    const token = "0123456789abcdef0123";
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: "9464" }).metrics).toEqual({
      token,
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: "secret" })).toThrowError(
      /^Invalid configuration: METRICS_TOKEN must be 16 to 256 visible characters without spaces/,
    );
    expect(() => loadConfig({ METRICS_PORT: "metrics" })).toThrowError(
      'Invalid configuration: METRICS_PORT must be a whole number from 1 to 65535 (got "metrics").',
    );
    expect(() => loadConfig({ PORT: "8080", METRICS_PORT: "8080" })).toThrowError(
      /^Invalid configuration: METRICS_PORT must differ from PORT/,
    );
  });
});
