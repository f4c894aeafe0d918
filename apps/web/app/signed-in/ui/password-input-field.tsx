import type { ReactNode, Ref } from "react";
import { Field } from "./field.tsx";

interface PasswordInputFieldProps {
  id: string;
  label: string;
  /** `new-password` lets password managers offer a strong one. */
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
  name?: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A required password field: the current one, or a new one with its rule as the hint. */
export function PasswordInputField({
  id,
  label,
  autoComplete,
  hint,
  name,
  value,
  onChange,
  error,
  ref,
}: PasswordInputFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        ref={ref}
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
