import { z } from "zod";

/** Where a domain's proof of ownership stands. */
export const DOMAIN_VERIFICATION_STATES = ["pending", "verified", "failed", "lost"] as const;
export type DomainVerificationState = (typeof DOMAIN_VERIFICATION_STATES)[number];

const isoTime = z.string().describe("ISO 8601 time");

/**
 * A domain claimed by the account and how it is proven: the DNS TXT record to publish, and what
 * the last lookup found. Only a verified domain is used.
 */
export const domainVerificationResponse = z.object({
  domain: z.string(),
  state: z
    .enum(DOMAIN_VERIFICATION_STATES)
    .describe(
      "pending: publish the record, then verify; verified: in use; failed: the last Verify did not find the record; lost: no longer used (the record disappeared, or another account proved the domain)",
    ),
  record: z
    .object({
      type: z.literal("TXT"),
      name: z.string().describe("The record's name, such as _upwatch-verification.example.com"),
      value: z.string().describe("The record's value, such as upwatch-verification=..."),
    })
    .describe("The DNS TXT record that proves the domain is the account's."),
  verified_at: isoTime.nullable(),
  checked_at: isoTime.nullable().describe("When the record was last looked up."),
  lost_at: isoTime.nullable(),
  failure: z
    .string()
    .nullable()
    .describe("Why the last lookup did not find the record, in a sentence; null when it did."),
});
export type DomainVerification = z.infer<typeof domainVerificationResponse>;
