const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** Whether an account still has the name registering gave it: its owner's e-mail address. */
export function namedAfterAddress(accountName: string): boolean {
  return ADDRESS.test(accountName);
}

/**
 * An account as an invitation names it: "Acme", or "the team of newbie@example.com" for one
 * still named after an address ("Join newbie@example.com" reads like joining a person).
 */
export function teamName(accountName: string): string {
  return namedAfterAddress(accountName) ? `the team of ${accountName}` : accountName;
}

/**
 * The account in an invitation's sentence, after "to join": "“Acme”", "the team of
 * newbie@example.com", or "their team" when that address is the one inviting.
 */
export function teamInSentence(accountName: string, inviter: string | null): string {
  if (!namedAfterAddress(accountName)) return `“${accountName}”`;
  return inviter?.toLowerCase() === accountName.toLowerCase()
    ? "their team"
    : teamName(accountName);
}
