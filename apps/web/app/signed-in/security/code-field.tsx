import { forwardRef } from "react";
import { Field } from "../ui/field.tsx";

interface CodeFieldProps {
  id: string;
  /** A recovery code (letters and a dash) rather than the app's 6 digits. */
  recovery?: boolean;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

/** The field for a code from the authenticator app, or for one recovery code. */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  { id, recovery = false, value, onChange, error },
  ref,
) {
  return (
    <Field
      id={id}
      label={recovery ? "Recovery code" : "Code from your authenticator app"}
      hint={recovery ? "One of the codes you saved, like abcde-12345." : "6 digits."}
      error={error}
    >
      <input
        ref={ref}
        type="text"
        name={recovery ? "recovery_code" : "code"}
        inputMode={recovery ? "text" : "numeric"}
        autoComplete={recovery ? "off" : "one-time-code"}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
});

/** What is wrong with a typed authenticator code, before asking the server. */
export function codeError(code: string): string | undefined {
  const digits = code.replace(/\s+/g, "");
  if (!digits) return "Enter the 6-digit code from your authenticator app.";
  return /^\d{6}$/.test(digits)
    ? undefined
    : "The code is the 6 digits your authenticator app shows.";
}
