import type { SessionAnswer } from "@upwatch/api";
import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { CodeField, codeError } from "./code-field.tsx";

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export function LoginSecondStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn(answer: SessionAnswer): void;
  onRestart(): void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState("");
  const codeRef = useRef<HTMLInputElement>(null);
  const { errors, setErrors, busy, onSubmit } = useFormSubmission({
    focus: { code: codeRef },
    check: () => ({
      code: recovery
        ? value.trim()
          ? undefined
          : "Enter one of your recovery codes."
        : codeError(value),
    }),
    send: async () => {
      const factor = recovery
        ? { recovery_code: value.trim() }
        : { code: value.replace(/\s+/g, "") };
      onSignedIn(await call(OP.logInSecondStep, { body: { challenge, ...factor } }));
    },
    refusal: ({ status, detail }) => (status === 403 ? { code: detail } : { form: detail }),
    staysBusy: true,
  });
  const switchKind = () => {
    setRecovery(!recovery);
    setValue("");
    setErrors({});
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <p>
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in."
          : "Open your authenticator app and enter the code it shows for Upwatch."}
      </p>
      <FormError message={errors.form} />
      <CodeField
        ref={codeRef}
        id={recovery ? "login-recovery-code" : "login-code"}
        recovery={recovery}
        value={value}
        onChange={setValue}
        error={errors.code}
      />
      <p className="auth-forgot">
        <button type="button" className="link-button" onClick={switchKind}>
          {recovery ? "Use the authenticator app" : "Use a recovery code"}
        </button>
      </p>
      <Button type="submit" busy={busy} busyLabel="Signing in...">
        Log in
      </Button>
      <p>
        <button type="button" className="link-button" onClick={onRestart}>
          Start again
        </button>
      </p>
    </form>
  );
}
