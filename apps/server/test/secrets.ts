import { SecretBox } from "../src/services/secrets/secret-box.ts";
import { parseSecretsKey } from "../src/services/secrets/secrets-key.ts";

/** The key the test configuration seals stored secrets with (a test value, never a real one). */
export const TEST_SECRETS_KEY = "dGVzdCBrZXkgZm9yIHNlYWxlZCBzZWNyZXRzIG9ubHk=";

/** A box under the test key, as the server built by the test configuration has. */
export const TEST_SECRETS = new SecretBox(parseSecretsKey(TEST_SECRETS_KEY)!);
