import {
  BASIC_CHECK_TYPES,
  CHECK_TYPE_NAMES,
  CHECK_TYPES,
  type CheckType,
  type Plan,
} from "@upwatch/core";
import type { FormPartProps } from "./form-props.ts";

const DESCRIPTIONS: Record<CheckType, string> = {
  http: "A web page or API answers with a good status code.",
  keyword: "A page contains, or lacks, a piece of text.",
  ping: "A host answers an ICMP echo.",
  tcp: "A port accepts connections (databases, mail, game servers).",
  dns: "A name resolves, optionally to an expected value.",
  ssl: "A certificate is valid and not about to expire.",
};

/** The check type as a group of radio cards; types beyond the plan carry a badge. */
export function TypePicker({ values, set, errors, plan }: FormPartProps & { plan: Plan }) {
  return (
    <fieldset
      className="type-picker"
      aria-describedby={errors.type ? "type-error" : undefined}
      aria-invalid={errors.type ? true : undefined}
    >
      <legend>What to check</legend>
      <div className="type-options">
        {CHECK_TYPES.map((type) => (
          <label key={type} className="type-option">
            <input
              type="radio"
              name="type"
              value={type}
              checked={values.type === type}
              onChange={() => set("type", type)}
            />
            <span className="type-option-name">
              {CHECK_TYPE_NAMES[type]}
              {!plan.limits.allCheckTypes && !BASIC_CHECK_TYPES.includes(type) ? (
                <span className="plan-badge">Hobby+</span>
              ) : null}
            </span>
            <span className="type-option-text">{DESCRIPTIONS[type]}</span>
          </label>
        ))}
      </div>
      {errors.type ? (
        <p id="type-error" className="field-error">
          {errors.type}
        </p>
      ) : null}
    </fieldset>
  );
}
