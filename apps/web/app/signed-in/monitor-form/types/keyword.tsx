import { Checkbox, Field } from "../field.tsx";
import type { FormPartProps } from "../form-props.ts";
import { HttpFields } from "../http-fields.tsx";
import type { CheckTypeForm } from "./check-type-form.ts";
import { AUTH_SHOWS_HEADERS, httpOptions, httpValuesFromOptions, URL_TARGET } from "./http.tsx";

/** The text a keyword monitor looks for, on top of the request an HTTP monitor makes. */
export interface KeywordValues {
  keyword: string;
  keyword_mode: "present" | "absent";
  case_sensitive: boolean;
}

/** The text to look for and how, then the request that fetches the page. */
function KeywordFields({ values, set, errors }: FormPartProps) {
  return (
    <>
      <div className="field-row">
        <Field
          id="monitor-keyword"
          label="Keyword"
          hint="The text to look for in the first 1 MiB of the page, after decompression."
          error={errors.keyword}
        >
          <input value={values.keyword} onChange={(e) => set("keyword", e.target.value)} />
        </Field>
        <Field id="monitor-keyword-mode" label="The monitor is up when the text is">
          <select
            value={values.keyword_mode}
            onChange={(e) => set("keyword_mode", e.target.value as "present" | "absent")}
          >
            <option value="present">present</option>
            <option value="absent">absent</option>
          </select>
        </Field>
      </div>
      <Checkbox
        id="monitor-case-sensitive"
        label="Match upper and lower case exactly"
        checked={values.case_sensitive}
        onChange={(checked) => set("case_sensitive", checked)}
      />
      <HttpFields values={values} set={set} errors={errors} />
    </>
  );
}

export const keywordForm: CheckTypeForm<KeywordValues> = {
  type: "keyword",
  description: "A page contains, or lacks, a piece of text.",
  target: {
    ...URL_TARGET,
    hint: "The page to read, starting with http:// or https://.",
    placeholder: "https://example.com/status",
  },
  section: { titleId: "options-title", title: "The request", Fields: KeywordFields },
  linkedFields: AUTH_SHOWS_HEADERS,
  defaults: () => ({ keyword: "", keyword_mode: "present", case_sensitive: true }),
  fromOptions: (o) => ({
    ...httpValuesFromOptions(o),
    keyword: typeof o.keyword === "string" ? o.keyword : "",
    keyword_mode: o.keyword_mode === "absent" ? "absent" : "present",
    case_sensitive: o.case_sensitive !== false,
  }),
  toOptions: (values) => {
    const http = httpOptions(values);
    if ("field" in http) return http;
    return {
      ...http,
      keyword: values.keyword,
      keyword_mode: values.keyword_mode,
      case_sensitive: values.case_sensitive,
    };
  },
  validation: {
    optionFields: { keyword: "keyword", keyword_mode: "keyword_mode" },
    fieldWords: [
      [/\boptions\.keyword\b/g, "the keyword"],
      [/\bkeyword_mode\b/g, "the keyword rule"],
    ],
    standInOptions: { keyword: "x" },
  },
};
