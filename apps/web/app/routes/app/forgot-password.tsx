import { useRef, useState } from "react";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import appCss from "../../signed-in/app.css?url";
import { appMeta } from "../../signed-in/app-meta.ts";
import { emailError } from "../../signed-in/field-errors.ts";
import { OP } from "../../signed-in/operation-routes.ts";
import { AuthFrame } from "../../signed-in/ui/auth-frame.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { EmailInputField } from "../../signed-in/ui/email-input-field.tsx";
import { FormError } from "../../signed-in/ui/form-error.tsx";
import { useFormSubmission } from "../../signed-in/ui/use-form-submission.ts";

export const links = () => [stylesheet(appCss)];

export function meta() {
  return appMeta("Reset your password");
}

/** Asking for a password reset link; the answer is the same whether or not the address exists. */
export default function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string>();
  const emailRef = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { email: emailRef },
    check: () => ({ email: emailError(email) }),
    send: async () => {
      const answer = await call(OP.requestPasswordReset, { body: { email: email.trim() } });
      setSent(answer.message);
    },
  });

  return (
    <AuthFrame
      title="Reset your password"
      lead="Enter the e-mail address of your account and we will send it a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to={`${APP_BASE}/login`}>Log in</Link>
        </p>
      }
    >
      {sent ? (
        <div>
          <p className="app-notice" data-tone="success" role="status">
            {sent}
          </p>
          <p className="form-note">
            No mail after a few minutes? Check the spam folder, or{" "}
            <button type="button" className="link-button" onClick={() => setSent(undefined)}>
              try another address
            </button>
            .
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <FormError message={errors.form} />
          <EmailInputField
            ref={emailRef}
            id="forgot-email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={errors.email}
          />
          <Button type="submit" busy={busy} busyLabel="Sending...">
            Send the reset link
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}
