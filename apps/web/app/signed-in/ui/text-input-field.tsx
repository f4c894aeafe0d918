import type { ReactNode, Ref } from "react";
import { Field } from "./field.tsx";

interface TextInputFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  maxLength?: number;
  value: string;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text field for a name or a title, which the browser does not fill in. */
export function TextInputField({
  id,
  label,
  hint,
  error,
  required,
  maxLength,
  value,
  onChange,
  ref,
}: TextInputFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      <input
        ref={ref}
        type="text"
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
