import { DNS_RECORD_TYPES, type DnsRecordType } from "@upwatch/core";
import { Field } from "./field.tsx";
import type { FormPartProps } from "./form-props.ts";

/** A DNS monitor's record type, expected value and resolver. */
export function DnsFields({ values, set, errors }: FormPartProps) {
  return (
    <>
      <div className="field-row">
        <Field id="monitor-record-type" label="Record type" error={errors.record_type}>
          <select
            value={values.record_type}
            onChange={(e) => set("record_type", e.target.value as DnsRecordType)}
          >
            {DNS_RECORD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="monitor-expected-value"
          label="Expected value (optional)"
          hint="One of the answers must equal it, such as 93.184.215.14."
          error={errors.expected_value}
        >
          <input
            value={values.expected_value}
            onChange={(e) => set("expected_value", e.target.value)}
          />
        </Field>
      </div>
      <Field
        id="monitor-resolver"
        label="Resolver (optional)"
        hint="ip or ip:port of the resolver to ask; empty uses the server's own."
        error={errors.resolver}
      >
        <input value={values.resolver} onChange={(e) => set("resolver", e.target.value)} />
      </Field>
    </>
  );
}

/** An SSL monitor's warning margin. */
export function SslFields({ values, set, errors }: FormPartProps) {
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
