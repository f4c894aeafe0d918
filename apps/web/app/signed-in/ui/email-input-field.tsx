import type { Ref } from "react";
import { Field } from "./field.tsx";

interface EmailInputFieldProps {
  id: string;
  label?: string;
  /** `username` where the address signs in, `email` where it is being set. */
  autoComplete: "email" | "username";
  name?: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A required e-mail address field with the mobile e-mail keyboard. */
export function EmailInputField({
  id,
  label = "E-mail address",
  autoComplete,
  name,
  value,
  onChange,
  error,
  ref,
}: EmailInputFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        ref={ref}
        type="email"
        name={name}
        autoComplete={autoComplete}
        inputMode="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
