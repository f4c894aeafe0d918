import { CONTACT_LIMITS, CONTACT_SUBJECTS, type ContactSubject } from "@upwatch/core/form-fields";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { track } from "../analytics/track.ts";
import { loadFormSchemas } from "../forms/load-form-schemas.ts";
import { failureMessage, postJson, textField } from "../forms/post-json.ts";
import { readSpamTrap } from "../forms/spam-trap.ts";
import { SpamTrapFields, useFormClock } from "../forms/spam-trap-fields.tsx";
import { apiEndpoint } from "../lib/app-links.ts";
import { getSiteConfig } from "../lib/site-config.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { FormField } from "./form-field.tsx";

export const CONTACT_THANKS = "Thank you for contacting us! We'll get back to you within 24 hours.";
const REFUSED = "Failed to send message";
const ENDPOINT = "/public/contact";

type FieldName = "name" | "email" | "subject" | "message";
type Values = Record<FieldName, string>;
type Status = "idle" | "submitting" | "success" | "error";

const EMPTY: Values = { name: "", email: "", subject: "", message: "" };

function isSubject(value: string | null): value is ContactSubject {
  return (CONTACT_SUBJECTS as readonly (string | null)[]).includes(value);
}

/** The contact form: four required fields, then the server's answer or the reason it failed. */
export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const elapsed = useFormClock();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Values>>({});
  const [status, setStatus] = useState<Status>("idle");
  const [feedback, setFeedback] = useState("");
  const formRef = useRef<HTMLFormElement>(null);

  // Focus the field in error once its message is rendered, so a screen reader reads both.
  useEffect(() => {
    const field = (Object.keys(fieldErrors) as FieldName[]).find((key) => fieldErrors[key]);
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }, [fieldErrors]);

  // A link such as /contact?subject=Sales%20Inquiry picks the subject, after hydration.
  useEffect(() => {
    const subject = searchParams.get("subject");
    if (isSubject(subject)) setValues((current) => ({ ...current, subject }));
  }, [searchParams]);

  const fieldId = (field: FieldName) => `${id}-${field}`;
  const update = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") return;
    const trap = readSpamTrap(event.currentTarget, elapsed);
    setFeedback("");
    try {
      const { contactMessageSchema, describeFirstIssue } = await loadFormSchemas();
      const parsed = contactMessageSchema.safeParse({ ...values, ...trap });
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        const message = describeFirstIssue(parsed.error);
        if (typeof field === "string" && field in EMPTY) {
          setStatus("idle");
          setFieldErrors({ [field]: message });
        } else {
          setStatus("error");
          setFeedback(message);
        }
        return;
      }
      setFieldErrors({});
      setStatus("submitting");
      const answer = await postJson(apiEndpoint(ENDPOINT), parsed.data, REFUSED);
      track({ name: "contact", subject: parsed.data.subject });
      setValues(EMPTY);
      setStatus("success");
      setFeedback(textField(answer, "message") ?? CONTACT_THANKS);
    } catch (failure) {
      const fallback = `There was an error. Please email us directly at ${getSiteConfig().supportEmail}`;
      setStatus("error");
      setFeedback(failureMessage(failure, fallback));
    }
  }

  const submitting = status === "submitting";
  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      action={apiEndpoint(ENDPOINT)}
      noValidate={hydrated}
      onSubmit={handleSubmit}
      aria-busy={submitting}
    >
      <p className="form-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="field-row">
        <FormField id={fieldId("name")} label="Name" error={fieldErrors.name}>
          <input
            type="text"
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={values.name}
            onChange={(event) => update("name")(event.target.value)}
            onFocus={() => void loadFormSchemas().catch(() => {})}
          />
        </FormField>
        <FormField id={fieldId("email")} label="Email" error={fieldErrors.email}>
          <input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={CONTACT_LIMITS.email}
            value={values.email}
            onChange={(event) => update("email")(event.target.value)}
          />
        </FormField>
      </div>
      <FormField id={fieldId("subject")} label="Subject" error={fieldErrors.subject}>
        <select
          name="subject"
          required
          value={values.subject}
          onChange={(event) => update("subject")(event.target.value)}
        >
          <option value="" disabled>
            Choose a subject
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={fieldId("message")} label="Message" error={fieldErrors.message}>
        <textarea
          name="message"
          rows={7}
          required
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={(event) => update("message")(event.target.value)}
        />
      </FormField>
      <SpamTrapFields />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? "Sending..." : "Send message"}
        </button>
      </div>
      <p role="status" className="form-success" data-visible={status === "success"}>
        {status === "success" ? feedback : ""}
      </p>
      <p role="alert" className="form-error">
        {status === "error" ? feedback : ""}
      </p>
    </form>
  );
}
