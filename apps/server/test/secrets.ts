import { placeOf, SecretBox } from "../src/secrets/secret-box.ts";
import { parseSecretsKey } from "../src/secrets/secrets-key.ts";

/** The key the test configuration seals stored secrets with (a test value, never a real one). */
export const TEST_SECRETS_KEY = "dGVzdCBrZXkgZm9yIHNlYWxlZCBzZWNyZXRzIG9ubHk=";

/** A box under the test key, as the server built by the test configuration has. */
export const TEST_SECRETS = new SecretBox(parseSecretsKey(TEST_SECRETS_KEY)!);

/** A stored secret column's value opened, as the server reads it. */
export function openStored(table: string, column: string, id: string, stored: string): string {
  return TEST_SECRETS.open(stored, placeOf(table, column, id));
}
