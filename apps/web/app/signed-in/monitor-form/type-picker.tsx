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
  multi_step: "A sequence of API requests with extracted values and assertions.",
  heartbeat: "A cron job or worker pings a secret URL; silence or a failure means down.",
};

/** Types a plan without every type cannot choose at all, rather than choose and upgrade. */
const CLOSED_BELOW_HOBBY: readonly CheckType[] = ["multi_step"];

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
        {CHECK_TYPES.map((type) => {
          const closed = !plan.limits.allCheckTypes && CLOSED_BELOW_HOBBY.includes(type);
          return (
            <label key={type} className="type-option" data-disabled={closed || undefined}>
              <input
                type="radio"
                name="type"
                value={type}
                checked={values.type === type}
                disabled={closed && values.type !== type}
                aria-describedby={closed ? `type-${type}-reason` : undefined}
                onChange={() => set("type", type)}
              />
              <span className="type-option-name">
                {CHECK_TYPE_NAMES[type]}
                {!plan.limits.allCheckTypes && !BASIC_CHECK_TYPES.includes(type) ? (
                  <span className="plan-badge">Hobby+</span>
                ) : null}
              </span>
              <span className="type-option-text">
                {DESCRIPTIONS[type]}
                {closed ? (
                  <span id={`type-${type}-reason`} className="type-option-reason">
                    {" "}
                    {CHECK_TYPE_NAMES[type]} checks need the Hobby plan or above.
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {errors.type ? (
        <p id="type-error" className="field-error">
          {errors.type}
        </p>
      ) : null}
    </fieldset>
  );
}
