import type { DomainVerification } from "@upwatch/api";
import { CUSTOM_DOMAIN_PATTERN } from "@upwatch/core";
import type { RefObject } from "react";
import { DomainProof } from "../domain-verification/domain-proof.tsx";
import { Field } from "../ui/field.tsx";
import type { FormErrors } from "../ui/use-form-submission.ts";
import { dnsRecordOf, type SettingsField, type SettingsValues } from "./page-settings-values.ts";

interface WhiteLabelFieldsProps {
  /** Whether the plan offers white-label pages and custom domains (Enterprise+). */
  allowed: boolean;
  values: SettingsValues;
  errors: FormErrors<SettingsField>;
  publicUrl: string;
  whiteLabelRef: RefObject<HTMLInputElement>;
  domainRef: RefObject<HTMLInputElement>;
  /** The saved custom domain's proof of ownership, if the page has one. */
  proof: DomainVerification | null;
  onVerify(): Promise<unknown>;
  onChange(change: Partial<SettingsValues>): void;
}

/** Hiding "Powered by Upwatch" and serving the page on a domain of one's own, with its DNS record. */
export function WhiteLabelFields(props: WhiteLabelFieldsProps) {
  const { allowed, values, errors, publicUrl, whiteLabelRef, domainRef, proof, onChange } = props;
  const domain = values.customDomain.trim().toLowerCase();
  return (
    <fieldset className="app-fieldset">
      <legend>White label and custom domain</legend>
      {allowed ? null : (
        <p className="field-hint" id="white-label-plan">
          White-label pages and custom domains are part of the Enterprise+ plan.
          {values.whiteLabel || domain
            ? ' The choices below are kept for it; until then this page shows "Powered by Upwatch" and is served at its Upwatch address only.'
            : null}
        </p>
      )}
      <label className="app-check">
        <input
          type="checkbox"
          ref={whiteLabelRef}
          checked={values.whiteLabel}
          disabled={!allowed}
          aria-invalid={errors.whiteLabel ? true : undefined}
          aria-describedby={
            [allowed ? "" : "white-label-plan", errors.whiteLabel ? "white-label-error" : ""]
              .filter(Boolean)
              .join(" ") || undefined
          }
          onChange={(event) => onChange({ whiteLabel: event.target.checked })}
        />
        <span>Hide "Powered by Upwatch" from the page</span>
      </label>
      {errors.whiteLabel ? (
        <p className="field-error" id="white-label-error">
          {errors.whiteLabel}
        </p>
      ) : null}
      <Field
        id="page-domain"
        label="Custom domain"
        hint="A host name of yours, such as status.example.com, that serves this page."
        error={errors.customDomain}
        required={false}
      >
        <input
          type="text"
          autoCapitalize="off"
          spellCheck={false}
          disabled={!allowed}
          placeholder="status.example.com"
          ref={domainRef}
          value={values.customDomain}
          onChange={(event) => onChange({ customDomain: event.target.value })}
        />
      </Field>
      {allowed && CUSTOM_DOMAIN_PATTERN.test(domain) ? (
        <DnsRecordNotice domain={domain} publicUrl={publicUrl} />
      ) : null}
      {allowed && proof && proof.domain === domain ? (
        <DomainProof proof={proof} use="serving this page" onVerify={props.onVerify} />
      ) : allowed && CUSTOM_DOMAIN_PATTERN.test(domain) ? (
        <p className="field-hint">
          Save the settings to get the TXT record that proves {domain} is yours; the page is served
          on it only once it is verified.
        </p>
      ) : null}
    </fieldset>
  );
}

function DnsRecordNotice({ domain, publicUrl }: { domain: string; publicUrl: string }) {
  const record = dnsRecordOf(domain, publicUrl);
  return (
    <div className="app-notice" data-dns-record="">
      <p>
        Create this record at your DNS provider. Once it is in place and the domain is verified
        (below), requests for {domain} are answered with this page; HTTPS for it is set up where
        this server's TLS ends.
      </p>
      <dl className="app-facts">
        <div>
          <dt>Type</dt>
          <dd>
            <code className="app-code">{record.type}</code>
          </dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>
            <code className="app-code">{record.name}</code>
          </dd>
        </div>
        <div>
          <dt>Points to</dt>
          <dd>
            <code className="app-code">{record.target}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}
