import type { Resolver } from "node:dns/promises";
import type { DnsRecordType } from "@upwatch/core";

/** Looks up one record type and returns each answer as text (MX as "priority exchange"). */
export const DNS_QUERIES: Record<
  DnsRecordType,
  (resolver: Resolver, name: string) => Promise<string[]>
> = {
  A: (resolver, name) => resolver.resolve4(name),
  AAAA: (resolver, name) => resolver.resolve6(name),
  CNAME: (resolver, name) => resolver.resolveCname(name),
  MX: async (resolver, name) =>
    (await resolver.resolveMx(name)).map((record) => `${record.priority} ${record.exchange}`),
  TXT: async (resolver, name) => (await resolver.resolveTxt(name)).map((parts) => parts.join("")),
  NS: (resolver, name) => resolver.resolveNs(name),
};

/** Whether one of the answers is the expected value (names compared without case or final dot). */
export function answersInclude(answers: readonly string[], expected: string): boolean {
  const wanted = normalise(expected);
  return answers.some((answer) => {
    const value = normalise(answer);
    return value === wanted || value.split(" ").at(-1) === wanted;
  });
}

function normalise(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, "");
}
