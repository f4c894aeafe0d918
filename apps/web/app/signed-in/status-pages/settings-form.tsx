import { useQueryClient } from "@tanstack/react-query";
import { ACCENT_COLOR_PATTERN, STATUS_PAGE_LIMITS } from "@upwatch/core";
import { type RefObject, useRef, useState } from "react";
import { Field } from "../ui/field.tsx";
import { FormActions } from "../ui/form-actions.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import {
  refusedField,
  type SettingsField,
  type SettingsValues,
  settingsPayload,
  settingsProblems,
  settingsValuesOf,
} from "./page-settings-values.ts";
import {
  type StatusPage,
  statusPageKeys,
  updateStatusPage,
  verifyStatusPageDomain,
} from "./status-pages-api.ts";
import { WhiteLabelFields } from "./white-label-fields.tsx";

interface SettingsFormProps {
  page: StatusPage;
  /** Whether the plan offers white-label pages and custom domains. */
  whiteLabelAllowed: boolean;
}

/** A page's name, address, headline, colour, links, and white-label settings. */
export function SettingsForm({ page, whiteLabelAllowed }: SettingsFormProps) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const [values, setValues] = useState<SettingsValues>(() => settingsValuesOf(page));
  const refs: Record<SettingsField, RefObject<HTMLInputElement | HTMLTextAreaElement | null>> = {
    name: useRef(null),
    slug: useRef(null),
    headline: useRef(null),
    accentColor: useRef(null),
    websiteUrl: useRef(null),
    supportUrl: useRef(null),
    whiteLabel: useRef(null),
    customDomain: useRef(null),
  };
  const { errors, busy, onSubmit } = useFormSubmission<SettingsField>({
    focus: refs,
    check: () => settingsProblems(values),
    send: async () => {
      const saved = await updateStatusPage(page.id, settingsPayload(values, whiteLabelAllowed));
      client.setQueryData(statusPageKeys.page(page.id), saved);
      await client.invalidateQueries({ queryKey: statusPageKeys.list });
      setValues(settingsValuesOf(saved));
      showToast("The page's settings are saved.");
    },
    refusal: ({ detail }) => ({ [refusedField(detail)]: detail }),
  });
  const set = (field: SettingsField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const text = (field: SettingsField) => ({
    ref: refs[field] as RefObject<HTMLInputElement>,
    value: values[field] as string,
    onChange: set(field),
  });
  const verifyDomain = async () => {
    const verified = await verifyStatusPageDomain(page.id);
    client.setQueryData(statusPageKeys.page(page.id), verified);
    const proof = verified.custom_domain_verification;
    showToast(
      proof?.state === "verified" && !proof.failure
        ? `${proof.domain} is verified.`
        : `${proof?.domain ?? "The domain"} is not verified yet.`,
    );
  };
  const accent = values.accentColor.trim();

  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field id="page-name" label="Name" error={errors.name}>
        <input type="text" maxLength={STATUS_PAGE_LIMITS.nameChars} {...text("name")} />
      </Field>
      <Field
        id="page-slug"
        label="Address"
        hint="Lower-case letters, digits and hyphens. Changing it breaks links to the old address."
        error={errors.slug}
      >
        <input type="text" autoCapitalize="off" spellCheck={false} {...text("slug")} />
      </Field>
      <Field
        id="page-headline"
        label="Headline"
        hint="A sentence under the name, such as where to get help."
        error={errors.headline}
        required={false}
      >
        <textarea
          rows={2}
          maxLength={STATUS_PAGE_LIMITS.headlineChars}
          ref={refs.headline as RefObject<HTMLTextAreaElement>}
          value={values.headline}
          onChange={set("headline")}
        />
      </Field>
      <Field
        id="page-accent"
        label="Accent colour"
        hint={
          <>
            # and six hexadecimal digits, such as #2563eb; empty for the default.
            {ACCENT_COLOR_PATTERN.test(accent) ? (
              <span className="status-swatch" style={{ background: accent }} aria-hidden="true" />
            ) : null}
          </>
        }
        error={errors.accentColor}
        required={false}
      >
        <input type="text" spellCheck={false} placeholder="#2563eb" {...text("accentColor")} />
      </Field>
      <Field id="page-website" label="Website" error={errors.websiteUrl} required={false}>
        <input type="url" placeholder="https://example.com" {...text("websiteUrl")} />
      </Field>
      <Field
        id="page-support"
        label="Support page"
        hint="Where visitors ask for help."
        error={errors.supportUrl}
        required={false}
      >
        <input type="url" placeholder="https://example.com/support" {...text("supportUrl")} />
      </Field>
      <WhiteLabelFields
        allowed={whiteLabelAllowed}
        values={values}
        errors={errors}
        publicUrl={page.public_url}
        proof={page.custom_domain_verification}
        onVerify={verifyDomain}
        whiteLabelRef={refs.whiteLabel as RefObject<HTMLInputElement>}
        domainRef={refs.customDomain as RefObject<HTMLInputElement>}
        onChange={(change) => setValues((current) => ({ ...current, ...change }))}
      />
      <FormActions submitLabel="Save settings" busy={busy} />
    </form>
  );
}
