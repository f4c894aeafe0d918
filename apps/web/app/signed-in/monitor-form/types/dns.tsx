import { DNS_RECORD_TYPES, type DnsRecordType } from "@upwatch/core";
import { Field } from "../field.tsx";
import type { FormPartProps } from "../form-props.ts";
import type { CheckTypeForm } from "./check-type-form.ts";

/** What a DNS monitor looks up, and where. */
export interface DnsValues {
  record_type: DnsRecordType;
  expected_value: string;
  resolver: string;
}

/** A DNS monitor's record type, expected value and resolver. */
function DnsFields({ values, set, errors }: FormPartProps) {
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

const defaults = (): DnsValues => ({ record_type: "A", expected_value: "", resolver: "" });

export const dnsForm: CheckTypeForm<DnsValues> = {
  type: "dns",
  description: "A name resolves, optionally to an expected value.",
  target: {
    label: "Target",
    hint: "The domain name to look up.",
    placeholder: "example.com",
    inputMode: "text",
    standIn: "x.example",
  },
  section: { titleId: "options-title", title: "The lookup", Fields: DnsFields },
  defaults,
  fromOptions: (o) => ({
    record_type: (o.record_type as DnsRecordType | undefined) ?? defaults().record_type,
    expected_value: typeof o.expected_value === "string" ? o.expected_value : "",
    resolver: typeof o.resolver === "string" ? o.resolver : "",
  }),
  toOptions: (values) => ({
    record_type: values.record_type,
    expected_value: values.expected_value.trim() || null,
    resolver: values.resolver.trim() || null,
  }),
  validation: {
    optionFields: {
      record_type: "record_type",
      expected_value: "expected_value",
      resolver: "resolver",
    },
    fieldWords: [[/\brecord_type\b/g, "the record type"]],
  },
};
