import { HTTP_METHODS, type HttpMethod, isSecretHeader } from "@upwatch/core";
import { Checkbox, Field } from "./field.tsx";
import type { FormPartProps } from "./form-props.ts";
import type { HeaderRow } from "./types/http.tsx";

/** The request of an HTTP or keyword monitor: method, codes, redirects, TLS, body, headers, auth. */
export function HttpFields({ values, set, errors }: FormPartProps) {
  const sendsBody = values.method !== "GET" && values.method !== "HEAD";
  return (
    <>
      <div className="field-row">
        <Field id="monitor-method" label="Method" error={errors.method}>
          <select
            value={values.method}
            onChange={(e) => set("method", e.target.value as HttpMethod)}
          >
            {HTTP_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="monitor-status-codes"
          label="Expected status codes"
          hint="Codes and ranges separated by commas, such as 200, 301-308; empty means any 2xx."
          error={errors.expected_status_codes}
        >
          <input
            placeholder="200-299"
            value={values.expected_status_codes}
            onChange={(e) => set("expected_status_codes", e.target.value)}
          />
        </Field>
      </div>
      <Checkbox
        id="monitor-follow-redirects"
        label="Follow redirects (up to 10)"
        checked={values.follow_redirects}
        onChange={(checked) => set("follow_redirects", checked)}
      />
      <Checkbox
        id="monitor-verify-tls"
        label="Refuse untrusted, expired or wrong-host certificates"
        checked={values.verify_tls}
        onChange={(checked) => set("verify_tls", checked)}
      />
      {sendsBody ? (
        <Field id="monitor-body" label="Request body" error={errors.body}>
          <textarea rows={4} value={values.body} onChange={(e) => set("body", e.target.value)} />
        </Field>
      ) : null}
      <HeaderRows values={values} set={set} errors={errors} />
      <AuthFields values={values} set={set} errors={errors} />
    </>
  );
}

function HeaderRows({ values, set, errors }: FormPartProps) {
  const rows = values.headers;
  const update = (index: number, change: Partial<HeaderRow>) =>
    set(
      "headers",
      rows.map((row, at) => (at === index ? { ...row, ...change } : row)),
    );
  return (
    <fieldset
      className="subfieldset"
      aria-describedby={errors.headers ? "monitor-headers-error" : undefined}
    >
      <legend>Custom request headers</legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
        <div className="header-row" key={index}>
          <input
            aria-label={`Header ${index + 1} name`}
            placeholder="X-Api-Key"
            value={row.name}
            onChange={(e) => update(index, { name: e.target.value })}
          />
          <input
            aria-label={`Header ${index + 1} value`}
            placeholder="Value"
            type={isSecretHeader(row.name, row) ? "password" : "text"}
            autoComplete="off"
            value={row.value}
            onChange={(e) => update(index, { value: e.target.value })}
          />
          <label className="header-secret">
            <input
              type="checkbox"
              aria-label={`Secret (header ${index + 1})`}
              checked={row.secret}
              onChange={(e) => update(index, { secret: e.target.checked })}
            />
            Secret
          </label>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Remove header ${index + 1}`}
            onClick={() =>
              set(
                "headers",
                rows.filter((_, at) => at !== index),
              )
            }
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => set("headers", [...rows, { name: "", value: "", secret: false }])}
      >
        Add a header
      </button>
      <p className="field-hint">
        Secret values are shown masked once saved, like passwords; so are the values of headers
        named like credentials (Cookie, Authorization, X-Api-Key, or any name with auth, key, token,
        secret, session, password or credential). Headers are not sent on to another site a redirect
        leads to.
      </p>
      {errors.headers ? (
        <p id="monitor-headers-error" className="field-error">
          {errors.headers}
        </p>
      ) : null}
    </fieldset>
  );
}

function AuthFields({ values, set, errors }: FormPartProps) {
  return (
    <div className="auth-fields">
      <Field id="monitor-auth-type" label="Authentication" error={errors.auth_type}>
        <select
          value={values.auth_type}
          onChange={(e) => set("auth_type", e.target.value as "none" | "basic" | "bearer")}
        >
          <option value="none">None</option>
          <option value="basic">Basic (user name and password)</option>
          <option value="bearer">Bearer token</option>
        </select>
      </Field>
      {values.auth_type === "basic" ? (
        <div className="field-row">
          <Field id="monitor-auth-username" label="User name">
            <input
              autoComplete="off"
              value={values.auth_username}
              onChange={(e) => set("auth_username", e.target.value)}
            />
          </Field>
          <Field id="monitor-auth-password" label="Password">
            <input
              type="password"
              autoComplete="new-password"
              value={values.auth_password}
              onChange={(e) => set("auth_password", e.target.value)}
            />
          </Field>
        </div>
      ) : null}
      {values.auth_type === "bearer" ? (
        <Field id="monitor-auth-token" label="Token">
          <input
            type="password"
            autoComplete="off"
            value={values.auth_token}
            onChange={(e) => set("auth_token", e.target.value)}
          />
        </Field>
      ) : null}
    </div>
  );
}
