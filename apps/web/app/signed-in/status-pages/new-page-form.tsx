import { useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useFormSubmission } from "../ui/use-form-submission.ts";
import { addressProblem, refusedField, slugFromName } from "./page-settings-values.ts";
import { createStatusPage, type StatusPage } from "./status-pages-api.ts";

interface NewPageFormProps {
  /** Where the page will be served, before its slug: `https://host/status/`. */
  addressPrefix: string;
  onCreated(page: StatusPage): void;
  onCancel(): void;
}

/** Creating a page: its name, the address visitors open, and a headline. */
export function NewPageForm({ addressPrefix, onCreated, onCancel }: NewPageFormProps) {
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [headline, setHeadline] = useState("");
  const nameRef = useRef<HTMLInputElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  const headlineRef = useRef<HTMLTextAreaElement>(null);
  const shownSlug = slugTouched ? slug : slugFromName(name);
  // What is typed becomes a valid address the way a name does ("Acme Shop" gives acme-shop),
  // and the preview shows exactly that.
  const address = slugFromName(shownSlug);
  const { errors, busy, onSubmit } = useFormSubmission({
    focus: { name: nameRef, slug: slugRef, headline: headlineRef },
    check: () => ({
      name: name.trim() ? undefined : "Give the page a name, such as Acme Cloud.",
      slug: addressProblem(address),
    }),
    send: async () => {
      const page = await createStatusPage({
        name: name.trim(),
        slug: address,
        ...(headline.trim() ? { headline: headline.trim() } : {}),
      });
      onCreated(page);
    },
    refusal: ({ detail }) => {
      const field = refusedField(detail);
      return field === "name" || field === "slug" || field === "headline"
        ? { [field]: detail }
        : { form: detail };
    },
    staysBusy: true,
  });

  return (
    <form className="app-form" onSubmit={onSubmit} noValidate>
      <FormError message={errors.form} />
      <Field
        id="status-page-name"
        label="Name"
        hint="Shown at the top of the page."
        error={errors.name}
      >
        <input
          ref={nameRef}
          type="text"
          autoComplete="organization"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field
        id="status-page-slug"
        label="Address"
        hint={
          <>
            Lower-case letters, digits and hyphens. Visitors open{" "}
            <code className="app-code">
              {addressPrefix}
              {address || "your-slug"}
            </code>
            .
          </>
        }
        error={errors.slug}
      >
        <input
          ref={slugRef}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={shownSlug}
          onChange={(event) => {
            setSlugTouched(true);
            setSlug(event.target.value);
          }}
        />
      </Field>
      <Field
        id="status-page-headline"
        label="Headline"
        hint="A sentence under the name, such as where to get help."
        error={errors.headline}
        required={false}
      >
        <textarea
          ref={headlineRef}
          rows={2}
          value={headline}
          onChange={(event) => setHeadline(event.target.value)}
        />
      </Field>
      <div className="app-form-actions">
        <Button type="submit" busy={busy} busyLabel="Creating...">
          Create status page
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
