import { randomBytes } from "node:crypto";
import type { TxtLookup } from "./txt-lookup.ts";

/** The label under the domain where its proof is published. */
export const PROOF_LABEL = "_upwatch-verification";
const VALUE_PREFIX = "upwatch-verification=";
const TOKEN_BYTES = 16;

/** The DNS TXT record that proves a domain is the account's. */
export interface ProofRecord {
  type: "TXT";
  name: string;
  value: string;
}

/** A new unguessable token for a claim (128 random bits, hex). */
export function newProofToken(): string {
  return randomBytes(TOKEN_BYTES).toString("hex");
}

/** The record the domain's owner publishes for a claim's token. */
export function proofRecordOf(domain: string, token: string): ProofRecord {
  return { type: "TXT", name: `${PROOF_LABEL}.${domain}`, value: `${VALUE_PREFIX}${token}` };
}

const MISSING_CODES = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "NOTFOUND"]);

/**
 * Looks the domain's proof up: null when a TXT record holds the token, else why not, in a
 * sentence the account's people can act on.
 */
export async function lookUpProof(
  lookupTxt: TxtLookup,
  domain: string,
  token: string,
): Promise<string | null> {
  const record = proofRecordOf(domain, token);
  let values: string[];
  try {
    values = await lookupTxt(record.name);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && MISSING_CODES.has(code)) {
      return `No TXT record was found at ${record.name}.`;
    }
    return `The DNS lookup of ${record.name} failed (${typeof code === "string" ? code : "no answer"}); try again in a while.`;
  }
  if (values.some((value) => value.trim() === record.value)) return null;
  if (values.length === 0) return `No TXT record was found at ${record.name}.`;
  return `The TXT record at ${record.name} does not hold ${record.value}.`;
}
