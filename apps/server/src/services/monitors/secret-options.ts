/** What the API shows instead of a stored password or token. */
export const SECRET_MASK = "********";

interface WithAuth {
  auth?: { type: string; password?: string; token?: string } | null;
}

/** The options with any password or token replaced by the mask, for showing. */
export function maskSecrets(options: object): Record<string, unknown> {
  const auth = (options as WithAuth).auth;
  if (!auth) return { ...options };
  const masked = { ...auth };
  if (masked.password !== undefined) masked.password = SECRET_MASK;
  if (masked.token !== undefined) masked.token = SECRET_MASK;
  return { ...options, auth: masked };
}

/**
 * Options sent back as shown (with the mask) keep the stored secret, so a client can change
 * other options without knowing the password.
 */
export function keepMaskedSecrets(
  incoming: Record<string, unknown>,
  stored: object,
): Record<string, unknown> {
  const next = (incoming as WithAuth).auth;
  const previous = (stored as WithAuth).auth;
  if (!next || !previous || next.type !== previous.type) return incoming;
  const auth = { ...next };
  if (auth.password === SECRET_MASK) auth.password = previous.password;
  if (auth.token === SECRET_MASK) auth.token = previous.token;
  return { ...incoming, auth };
}
