import { track } from "../analytics/track.ts";
import { loadFormSchemas } from "../forms/load-form-schemas.ts";
import { failureMessage, postJson, textField } from "../forms/post-json.ts";
import type { SpamTrap } from "../forms/spam-trap.ts";
import { apiEndpoint } from "../lib/app-links.ts";

export const NEWSLETTER_THANKS = "Thanks for subscribing! We'll keep you updated.";
/** The submit button's words while the form waits and while its request is on its way. */
export const NEWSLETTER_BUTTON = { idle: "Subscribe", sending: "Subscribing..." } as const;
const REFUSED = "Failed to subscribe";
const FALLBACK = "Something went wrong. Please try again.";
const ENDPOINT = "/email-subscriptions/subscribe";

/** Where the newsletter form posts, as JSON with scripts and as a plain form without. */
export function newsletterEndpoint(): string {
  return apiEndpoint(ENDPOINT);
}

/** How one sign-up ended: a wrong address, a subscription, or a failure to show. */
export type NewsletterOutcome =
  | { kind: "invalid"; message: string }
  | { kind: "subscribed"; next: string }
  | { kind: "failed"; message: string };

/**
 * Checks the address with the server's own schema, sends it, and reports the subscription to
 * analytics once the server accepts it. `onSending` runs when the request leaves.
 */
export async function submitNewsletter(
  input: { email: string } & SpamTrap,
  onSending: () => void,
): Promise<NewsletterOutcome> {
  try {
    const { newsletterSubscriptionSchema, describeFirstIssue, INVALID_EMAIL_MESSAGE } =
      await loadFormSchemas();
    const parsed = newsletterSubscriptionSchema.safeParse(input);
    if (!parsed.success) {
      const onEmail = parsed.error.issues[0]?.path[0] === "email";
      return {
        kind: "invalid",
        message: onEmail ? INVALID_EMAIL_MESSAGE : describeFirstIssue(parsed.error),
      };
    }
    onSending();
    const answer = await postJson(newsletterEndpoint(), parsed.data, REFUSED);
    track({ name: "newsletter_subscription" });
    return { kind: "subscribed", next: followUp(textField(answer, "message")) };
  } catch (failure) {
    return { kind: "failed", message: failureMessage(failure, FALLBACK) };
  }
}

/** Loads the validation ahead of the first submission, when the visitor reaches the field. */
export function preloadNewsletterChecks(): void {
  loadFormSchemas().catch(() => {});
}

/** What the server added to the thank-you (such as asking to confirm), minus what it repeats. */
export function followUp(serverMessage: string | undefined): string {
  const rest = (serverMessage ?? "").replace(/^Thanks for subscribing!\s*/i, "").trim();
  return rest === NEWSLETTER_THANKS || rest === "We'll keep you updated." ? "" : rest;
}
