import { isLongEnoughToMask, SECURE_VALUE_MIN_CHARACTERS, VARIABLE_NAME } from "@upwatch/core";
import { useRef, useState } from "react";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { createSecureVariable, type SecureVariable } from "./secure-variables-api.ts";

/** The most bytes a value may hold, as the API counts them. */
export const SECURE_VALUE_MAX_BYTES = 4096;

/** Why a value cannot be stored, or undefined when it can. */
export function secureValueProblem(value: string): string | undefined {
  if (value === "") return "Enter the value to keep secret.";
  if (!isLongEnoughToMask(value)) {
    return `A value needs at least ${SECURE_VALUE_MIN_CHARACTERS} characters (spaces at its ends not counted), so it can be masked in check results.`;
  }
  const bytes = new TextEncoder().encode(value).length;
  if (bytes > SECURE_VALUE_MAX_BYTES) {
    return `A value can be at most ${SECURE_VALUE_MAX_BYTES} bytes; this one has ${bytes}.`;
  }
  return undefined;
}

/** Why a name cannot be used, or undefined when it can. */
export function secureNameProblem(name: string): string | undefined {
  if (!name) return "Give the variable a name, such as orders_api_password.";
  if (!VARIABLE_NAME.test(name)) {
    return "Use a letter or _ first, then only letters, digits and _ (at most 64 characters).";
  }
  return undefined;
}

/** Adding a secure variable: a name and a value that is never shown again once saved. */
export function SecureVariableForm({ onCreated }: { onCreated(variable: SecureVariable): void }) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const nameRef = useRef<HTMLInputElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);
  const trimmed = name.trim();
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef, value: valueRef },
    check: () => ({ name: secureNameProblem(trimmed), value: secureValueProblem(value) }),
    send: async () => {
      const created = await createSecureVariable(trimmed, value);
      setName("");
      setValue("");
      onCreated(created);
    },
    refusal: ({ status, detail }) =>
      status === 409 || (status === 400 && /\bname\b/i.test(detail))
        ? { name: detail }
        : status === 400 && /\bvalue\b/i.test(detail)
          ? { value: detail }
          : { form: detail },
    focusRefused: false,
  });

  return (
    <form className="app-form app-inline-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field
        id="secure-variable-name"
        label="Name"
        hint="Monitors refer to it as secure:name in their variables."
        error={errors.name}
      >
        <input
          ref={nameRef}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field
        id="secure-variable-value"
        label="Value"
        hint={`At least ${SECURE_VALUE_MIN_CHARACTERS} characters. Stored encrypted; it is never shown again, only replaced.`}
        error={errors.value}
      >
        <input
          ref={valueRef}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      <FormActions submitLabel="Add secure variable" busy={busy} />
    </form>
  );
}
