import type { TwoFactorSetup } from "@upwatch/api";
import { useRef, useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { Button } from "../ui/button.tsx";
import { FormError } from "../ui/form-error.tsx";
import { PasswordInputField } from "../ui/password-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";

/** Starting the set-up of two-factor sign-in, confirmed by the password. */
export function StartSetupForm({
  onStarted,
  onCancel,
}: {
  onStarted(setup: TwoFactorSetup): void;
  onCancel(): void;
}) {
  const [password, setPassword] = useState("");
  const passwordRef = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { password: passwordRef },
    check: () => ({ password: password ? undefined : "Enter your password." }),
    send: async () => {
      onStarted(await call(OP.setUpTwoFactor, { body: { password } }));
    },
    refusal: ({ status, detail }) => (status === 403 ? { password: detail } : { form: detail }),
  });
  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <p>Type your password to start.</p>
      <FormError message={errors.form} />
      <PasswordInputField
        ref={passwordRef}
        id="set-up-two-factor-password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Starting...">
          Continue
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
