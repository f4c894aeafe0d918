/** The dedupe key of a rule's alert, `rule:<rule_id>:<subject>`: one open alert per rule and subject. */
export function ruleKey(ruleId: string, subject: string): string {
  return `rule:${ruleId}:${subject}`;
}

/** `rule:<rule_id>:<subject>` -> the rule and the disk or service ('' is machine-wide); null otherwise. */
export function parseRuleKey(key: string | null): { ruleId: string; subject: string } | null {
  const match = /^rule:([^:]+):(.*)$/s.exec(key ?? "");
  if (!match?.[1]) return null;
  return { ruleId: match[1], subject: match[2] ?? "" };
}
