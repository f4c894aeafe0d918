import { Field } from "../field.tsx";
import type { FormPartProps } from "../form-props.ts";
import { wholeNumber } from "../whole-number.ts";
import type { CheckTypeForm } from "./check-type-form.ts";

/** How long before expiry an SSL monitor counts as down. */
export interface SslValues {
  min_days_remaining: string;
}

/** An SSL monitor's warning margin. */
function SslFields({ values, set, errors }: FormPartProps) {
  return (
    <Field
      id="monitor-min-days"
      label="Down when fewer days of validity are left than"
      hint="0 to 365; 0 checks validity only. Expiry alerts also come at 30, 14 and 7 days."
      error={errors.min_days_remaining}
    >
      <input
        inputMode="numeric"
        value={values.min_days_remaining}
        onChange={(e) => set("min_days_remaining", e.target.value)}
      />
    </Field>
  );
}

export const sslForm: CheckTypeForm<SslValues> = {
  type: "ssl",
  description: "A certificate is valid and not about to expire.",
  target: {
    label: "Target",
    hint: "A host name, optionally with a port (example.com:8443).",
    placeholder: "example.com",
    inputMode: "text",
    standIn: "x.example",
  },
  section: { titleId: "options-title", title: "The certificate", Fields: SslFields },
  defaults: () => ({ min_days_remaining: "7" }),
  fromOptions: (o) => ({
    min_days_remaining:
      typeof o.min_days_remaining === "number" ? String(o.min_days_remaining) : "7",
  }),
  toOptions: (values) => ({ min_days_remaining: wholeNumber(values.min_days_remaining) }),
  validation: {
    optionFields: { min_days_remaining: "min_days_remaining" },
    fieldWords: [[/\bmin_days_remaining\b/g, "the days of validity left"]],
  },
};
