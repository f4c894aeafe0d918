import type { TwoFactorSetup } from "@upwatch/api";
import { useRef, useState } from "react";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { CodeField, codeError } from "./code-field.tsx";

/**
 * A new two-factor secret to add to an authenticator app (QR code, or the secret typed in),
 * and the first code that confirms it.
 */
export function ConfirmNewSecret({
  setup,
  confirm,
  submitLabel = "Turn on two-factor sign-in",
}: {
  setup: TwoFactorSetup;
  confirm(code: string): Promise<void>;
  submitLabel?: string;
}) {
  const [code, setCode] = useState("");
  const codeRef = useRef<HTMLInputElement>(null);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { code: codeRef },
    check: () => ({ code: codeError(code) }),
    send: () => confirm(code.replace(/\s+/g, "")),
    refusal: ({ status, detail }) =>
      status === 403 || status === 400 ? { code: detail } : { form: detail },
  });
  return (
    <div>
      <ol>
        <li>
          Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or
          Aegis).
          <img
            width={200}
            height={200}
            src={setup.qr_code}
            alt="QR code of the two-factor secret"
          />
        </li>
        <li>
          Or type this secret into the app: <code data-totp-secret>{setup.secret}</code>
        </li>
        <li>Enter the code the app shows to confirm.</li>
      </ol>
      <form className="app-form" onSubmit={onSubmit} noValidate>
        <FormError message={errors.form} />
        <CodeField
          ref={codeRef}
          id="two-factor-confirm-code"
          value={code}
          onChange={setCode}
          error={errors.code}
        />
        <FormActions submitLabel={submitLabel} busy={busy} busyLabel="Checking..." />
      </form>
    </div>
  );
}
