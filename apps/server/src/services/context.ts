import { randomBytes } from "node:crypto";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { SecretBox } from "../secrets/secret-box.ts";
import { type TransactionWork, WriteBatcher } from "./write-batcher.ts";

/** What every service verb is given: storage, the time, and a way to make ids. */
export interface ServiceContext {
  db: Kysely<Database>;
  /** Milliseconds since the epoch; tests pass a controlled clock. */
  now(): number;
  /** A new unique id such as `msg_4kq2...`. */
  newId(prefix: string): string;
  /** Runs work in a committed transaction (group-committed with concurrent writes). */
  transact<T>(work: TransactionWork<T>): Promise<T>;
  /** Seals the secrets the server stores and must read back, and opens them again. */
  secrets: SecretBox;
}

const ID_BYTES = 12;
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** A random, URL-safe id with a readable prefix (96 bits of randomness). */
export function randomId(prefix: string): string {
  // Drawing entropy in blocks keeps id creation off the hot path of busy endpoints.
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    offset = 0;
  }
  const id = pool.subarray(offset, offset + ID_BYTES).toString("base64url");
  offset += ID_BYTES;
  return `${prefix}_${id}`;
}

/** The production context: the real clock, random ids and group commit; tests may replace the clock. */
export function createServiceContext(
  db: Kysely<Database>,
  secrets: SecretBox,
  overrides: Partial<Pick<ServiceContext, "now" | "newId">> = {},
): ServiceContext {
  const writes = new WriteBatcher(db);
  return {
    db,
    now: Date.now,
    newId: randomId,
    transact: (work) => writes.run(work),
    secrets,
    ...overrides,
  };
}
