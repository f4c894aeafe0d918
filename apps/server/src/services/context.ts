import { randomBytes } from "node:crypto";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** What every service verb is given: storage, the time, and a way to make ids. */
export interface ServiceContext {
  db: Kysely<Database>;
  /** Milliseconds since the epoch; tests pass a controlled clock. */
  now(): number;
  /** A new unique id such as `msg_4kq2...`. */
  newId(prefix: string): string;
}

/** A random, URL-safe id with a readable prefix. */
export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

/** The production context: the real clock and random ids. */
export function createServiceContext(db: Kysely<Database>): ServiceContext {
  return { db, now: Date.now, newId: randomId };
}
