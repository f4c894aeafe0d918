import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  /** A rule or example under the label ("At least 10 characters."). */
  hint?: ReactNode;
  /** The field's error, shown under it and announced with it. */
  error?: string | undefined;
  /** Required fields carry an asterisk; optional ones say "optional". */
  required?: boolean;
  /** The one input, select or textarea of the field. */
  children: ReactNode;
}

/** A labelled form control with its hint and inline error, wired for screen readers. */
export function Field({ id, label, hint, error, required = true, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const control = Children.only(children);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}{" "}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="optional-mark">(optional)</span>
        )}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {isValidElement(control)
        ? cloneElement(control as ReactElement<Record<string, unknown>>, {
            id,
            required: required || undefined,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy || undefined,
          })
        : control}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
