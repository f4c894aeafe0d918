import { type FormEvent, type RefObject, useState } from "react";
import { ApiError, errorDetail } from "../api-client.ts";

/** An error per field, and `form` for the sentence about the whole form. */
export type FormErrors<F extends string> = Partial<Record<F | "form", string | undefined>>;

/** What takes focus for a field: its control, or a function for a group such as radios. */
export type FocusTarget = RefObject<HTMLElement | null> | (() => void);

interface FormSubmissionOptions<F extends string> {
  /** The fields that can take focus, in the order they appear on screen. */
  focus: Partial<Record<F, FocusTarget>>;
  /** The errors found before asking the server; any one of them stops the submission. */
  check?(): Partial<Record<F, string | undefined>>;
  /** The request and what follows it; a throw shows the refusal. */
  send(): Promise<void>;
  /** Where the server's refusal goes; by default its detail is the form's error. */
  refusal?(error: ApiError): FormErrors<F>;
  /** Whether the first field a refusal is about takes focus (it does unless false). */
  focusRefused?: boolean;
  /** Stay busy after `send`, for a form that leaves the page. */
  staysBusy?: boolean;
}

/** The state a form shows while and after it is submitted. */
export interface FormSubmission<F extends string> {
  errors: FormErrors<F>;
  setErrors(errors: FormErrors<F>): void;
  busy: boolean;
  onSubmit(event: FormEvent): Promise<void>;
}

function focusFirst<F extends string>(
  focus: Partial<Record<F, FocusTarget>>,
  errors: FormErrors<F>,
): void {
  for (const [field, target] of Object.entries(focus) as [F, FocusTarget | undefined][]) {
    if (!errors[field] || !target) continue;
    if (typeof target === "function") target();
    else target.current?.focus();
    return;
  }
}

/**
 * The submit flow of the app's forms: check the fields and focus the first invalid one, send
 * while busy, and show the server's refusal under its field or above the form.
 */
export function useFormSubmission<F extends string>({
  focus,
  check,
  send,
  refusal,
  focusRefused = true,
  staysBusy = false,
}: FormSubmissionOptions<F>): FormSubmission<F> {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = (check?.() ?? {}) as FormErrors<F>;
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirst(focus, found);
      return;
    }
    setBusy(true);
    try {
      await send();
      if (!staysBusy) setBusy(false);
    } catch (error) {
      const refused =
        error instanceof ApiError && refusal
          ? refusal(error)
          : ({ form: errorDetail(error) } as FormErrors<F>);
      setErrors(refused);
      if (focusRefused) focusFirst(focus, refused);
      setBusy(false);
    }
  };

  return { errors, setErrors, busy, onSubmit };
}
