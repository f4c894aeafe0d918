import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { readSpamTrap } from "../forms/spam-trap.ts";
import { SpamTrapFields, useFormClock } from "../forms/spam-trap-fields.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import {
  NEWSLETTER_BUTTON,
  NEWSLETTER_THANKS,
  newsletterEndpoint,
  preloadNewsletterChecks,
  submitNewsletter,
} from "./newsletter-submission.ts";

type Status = "idle" | "submitting" | "subscribed";

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
    const outcome = await submitNewsletter({ email, ...trap }, () => setStatus("submitting"));
    if (outcome.kind === "subscribed") {
      setNext(outcome.next);
      setStatus("subscribed");
      return;
    }
    setStatus("idle");
    setError(outcome.message);
    if (outcome.kind === "invalid") inputRef.current?.focus();
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
      action={newsletterEndpoint()}
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
          onFocus={preloadNewsletterChecks}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <button type="submit" className="button button-primary" disabled={status === "submitting"}>
          {status === "submitting" ? NEWSLETTER_BUTTON.sending : NEWSLETTER_BUTTON.idle}
        </button>
      </div>
      <SpamTrapFields />
      <p id={errorId} role="alert" className="form-error">
        {error}
      </p>
    </form>
  );
}
