import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { track } from "../analytics/track.ts";
import { loadFormSchemas } from "../forms/load-form-schemas.ts";
import { failureMessage, postJson, textField } from "../forms/post-json.ts";
import { readSpamTrap, SpamTrapFields, useFormClock } from "../forms/spam-trap-fields.tsx";
import { apiEndpoint } from "../lib/app-links.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

export const NEWSLETTER_THANKS = "Thanks for subscribing! We'll keep you updated.";
const REFUSED = "Failed to subscribe";
const FALLBACK = "Something went wrong. Please try again.";
const ENDPOINT = "/email-subscriptions/subscribe";

type Status = "idle" | "submitting" | "subscribed";

/** What the server added to the thank-you (such as asking to confirm), minus what it repeats. */
export function followUp(serverMessage: string | undefined): string {
  const rest = (serverMessage ?? "").replace(/^Thanks for subscribing!\s*/i, "").trim();
  return rest === NEWSLETTER_THANKS || rest === "We'll keep you updated." ? "" : rest;
}

/** The newsletter sign-up: one e-mail field, replaced by a thank-you once subscribed. */
export function NewsletterForm() {
  const id = useId();
  const hydrated = useHydrated();
  const elapsed = useFormClock();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState("");
  const [next, setNext] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status === "subscribed") thanksRef.current?.focus();
  }, [status]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== "idle") return;
    const trap = readSpamTrap(event.currentTarget, elapsed);
    setError("");
    try {
      const { newsletterSubscriptionSchema, describeFirstIssue, INVALID_EMAIL_MESSAGE } =
        await loadFormSchemas();
      const parsed = newsletterSubscriptionSchema.safeParse({ email, ...trap });
      if (!parsed.success) {
        const onEmail = parsed.error.issues[0]?.path[0] === "email";
        setError(onEmail ? INVALID_EMAIL_MESSAGE : describeFirstIssue(parsed.error));
        inputRef.current?.focus();
        return;
      }
      setStatus("submitting");
      const answer = await postJson(apiEndpoint(ENDPOINT), parsed.data, REFUSED);
      track({ name: "newsletter_subscription" });
      setNext(followUp(textField(answer, "message")));
      setStatus("subscribed");
    } catch (failure) {
      setStatus("idle");
      setError(failureMessage(failure, FALLBACK));
    }
  }

  if (status === "subscribed") {
    return (
      <div ref={thanksRef} tabIndex={-1} role="status" className="form-success newsletter-thanks">
        <p>{NEWSLETTER_THANKS}</p>
        {next ? <p className="newsletter-next">{next}</p> : null}
      </div>
    );
  }

  const errorId = `${id}-error`;
  return (
    <form
      className="newsletter-form"
      method="post"
      action={apiEndpoint(ENDPOINT)}
      noValidate={hydrated}
      onSubmit={handleSubmit}
    >
      <label htmlFor={`${id}-email`} className="newsletter-label">
        Email address
      </label>
      <div className="newsletter-row">
        <input
          ref={inputRef}
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => void loadFormSchemas().catch(() => {})}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <button type="submit" className="button button-primary" disabled={status === "submitting"}>
          {status === "submitting" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <SpamTrapFields />
      <p id={errorId} role="alert" className="form-error">
        {error}
      </p>
    </form>
  );
}
