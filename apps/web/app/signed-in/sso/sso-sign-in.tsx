import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { emailError } from "../field-errors.ts";
import { Button } from "../ui/button.tsx";
import { EmailInputField } from "../ui/email-input-field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { startSsoSignIn } from "./sso-api.ts";

/**
 * The login page's "Sign in with SSO": asks for the work address and sends the browser to the
 * organisation's provider. A refusal from the way back arrives as `?sso_error=` and shows here.
 */
export function SsoSignIn() {
  const [params] = useSearchParams();
  const returnedError = params.get("sso_error") ?? undefined;
  const [open, setOpen] = useState(!!returnedError);
  const [email, setEmail] = useState("");
  const emailRef = useRef<HTMLInputElement>(null);

  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { email: emailRef },
    check: () => ({ email: emailError(email) }),
    send: async () => {
      window.location.assign(await startSsoSignIn(email.trim()));
    },
    refusal: ({ detail }) => ({ email: detail }),
    staysBusy: true,
  });

  return (
    <section aria-label="Single sign-on">
      <p className="app-muted">Does your organisation sign you in through its own provider?</p>
      <FormError message={returnedError} />
      {open ? (
        <form onSubmit={onSubmit} noValidate>
          <EmailInputField
            ref={emailRef}
            id="sso-email"
            name="email"
            label="Work e-mail address"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            error={errors.email}
          />
          <Button type="submit" variant="ghost" busy={busy} busyLabel="Going to your provider...">
            Continue with SSO
          </Button>
        </form>
      ) : (
        <Button type="button" variant="ghost" onClick={() => setOpen(true)}>
          Sign in with SSO
        </Button>
      )}
    </section>
  );
}
