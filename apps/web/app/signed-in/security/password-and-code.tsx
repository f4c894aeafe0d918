import { useRef, useState } from "react";
import type { BodyOf } from "../api-call.ts";
import { FormError } from "../ui/form-error.tsx";
import { PasswordInputField } from "../ui/password-input-field.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { CodeField } from "./code-field.tsx";

/** What the server takes as proof: the password, and a six-digit code or a recovery code. */
export type PasswordAndCode = BodyOf<"disableTwoFactor">;

/**
 * A form confirmed by the password and a code or recovery code: `send` gets the proof, and a
 * refusal lands on the field it names.
 */
export function usePasswordAndCodeForm(send: (proof: PasswordAndCode) => Promise<void>) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const submission = useFormSubmission({
    focus: { password: passwordRef, code: codeRef },
    check: () => ({
      password: password ? undefined : "Enter your password.",
      code: code.trim()
        ? undefined
        : "Enter a code from your authenticator app or a recovery code.",
    }),
    send: async () => {
      const compact = code.replace(/\s+/g, "");
      const factor = /^\d{6}$/.test(compact) ? { code: compact } : { recovery_code: code.trim() };
      await send({ password, ...factor });
    },
    refusal: ({ status, detail }) =>
      status === 403
        ? /password/i.test(detail)
          ? { password: detail }
          : { code: detail }
        : { form: detail },
  });
  const fields = (idPrefix: string) => (
    <>
      <FormError message={submission.errors.form} />
      <PasswordInputField
        ref={passwordRef}
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={submission.errors.password}
      />
      <CodeField
        ref={codeRef}
        id={`${idPrefix}-code`}
        value={code}
        onChange={setCode}
        error={submission.errors.code}
      />
    </>
  );
  return { busy: submission.busy, onSubmit: submission.onSubmit, fields };
}
