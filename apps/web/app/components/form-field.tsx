import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  /** The one input, select or textarea of the field. */
  children: ReactNode;
}

/** A required field: its label with an asterisk, the control, and its error when it has one. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const control = Children.only(children);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}{" "}
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      </label>
      {isValidElement(control)
        ? cloneElement(control as ReactElement<Record<string, unknown>>, {
            id,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId : undefined,
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
