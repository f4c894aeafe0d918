import { BASIC_CHECK_TYPES, CHECK_TYPE_NAMES, CHECK_TYPES, type Plan } from "@upwatch/core";
import type { FormPartProps } from "./form-props.ts";
import { CHECK_TYPE_FORMS } from "./types/index.ts";

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
          const form = CHECK_TYPE_FORMS[type];
          const closed = !plan.limits.allCheckTypes && form.closedBelowHobby === true;
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
                <span>{CHECK_TYPE_NAMES[type]}</span>
                {!plan.limits.allCheckTypes && !BASIC_CHECK_TYPES.includes(type) ? (
                  <span className="plan-badge">Hobby+</span>
                ) : null}
              </span>
              <span className="type-option-text">
                {form.description}
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
