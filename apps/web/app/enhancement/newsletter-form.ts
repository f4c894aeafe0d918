import {
  NEWSLETTER_BUTTON,
  NEWSLETTER_THANKS,
  preloadNewsletterChecks,
  submitNewsletter,
} from "../components/newsletter-submission.ts";
import { readSpamTrap, startFormClock } from "../forms/spam-trap.ts";

/**
 * The newsletter form sends JSON and shows each state in place, as the app's form does; without
 * this script it still posts as a plain form.
 */
export function enhanceNewsletterForm(form: HTMLFormElement): void {
  const input = form.elements.namedItem("email");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const alert = form.querySelector<HTMLElement>("[role=alert]");
  if (!(input instanceof HTMLInputElement) || !button || !alert) return;
  const elapsed = startFormClock();
  let busy = false;
  const showError = (message: string) => {
    alert.textContent = message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  const showSending = (sending: boolean) => {
    button.disabled = sending;
    button.textContent = sending ? NEWSLETTER_BUTTON.sending : NEWSLETTER_BUTTON.idle;
  };

  form.noValidate = true;
  input.addEventListener("focus", preloadNewsletterChecks);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const trap = readSpamTrap(form, elapsed);
    showError("");
    const outcome = await submitNewsletter({ email: input.value, ...trap }, () =>
      showSending(true),
    );
    busy = false;
    if (outcome.kind === "subscribed") {
      showThanks(form, outcome.next);
      return;
    }
    showSending(false);
    showError(outcome.message);
    if (outcome.kind === "invalid") input.focus();
  });
}

/** Replaces the form with the thank-you and moves the focus to it. */
function showThanks(form: HTMLFormElement, next: string): void {
  const thanks = document.createElement("div");
  thanks.tabIndex = -1;
  thanks.setAttribute("role", "status");
  thanks.className = "form-success newsletter-thanks";
  thanks.append(paragraph(NEWSLETTER_THANKS));
  if (next) thanks.append(paragraph(next, "newsletter-next"));
  form.replaceWith(thanks);
  thanks.focus();
}

function paragraph(text: string, className?: string): HTMLParagraphElement {
  const element = document.createElement("p");
  element.textContent = text;
  if (className) element.className = className;
  return element;
}
