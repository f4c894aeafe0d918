import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";

/** Pino settings: JSON lines, and never a credential, cookie or password in them. */
export function loggerOptions(level: Config["logLevel"]): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.apiKey",
        "*.secret",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
}
