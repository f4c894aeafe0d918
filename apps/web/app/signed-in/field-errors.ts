/** A quick shape check; the server's validation is the judge and its answer is shown too. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The API's password rule: 10 to 200 characters. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters. A long phrase is easier to remember and harder to guess.`;

/** The error for an e-mail field, or undefined when it looks right. */
export function emailError(value: string): string | undefined {
  if (!value.trim()) return "Enter your e-mail address.";
  return EMAIL_SHAPE.test(value.trim())
    ? undefined
    : "Enter an e-mail address like name@example.com.";
}

/** The error for a new password, or undefined when the server will take it. */
export function newPasswordError(value: string): string | undefined {
  if (!value) return "Choose a password.";
  if (value.length < PASSWORD_MIN) {
    return `Use at least ${PASSWORD_MIN} characters; this one has ${value.length}.`;
  }
  if (value.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  return undefined;
}
