import { useQuery } from "@tanstack/react-query";
import type { RegionView } from "@upwatch/api";
import type { Plan, Region, RegionRule } from "@upwatch/core";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { APP_BASE, problemText } from "../api-client.ts";
import { regionsQuery } from "../cache/queries.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Field } from "./field.tsx";
import type { FormPartProps } from "./form-props.ts";
import { SEVERAL_REGIONS_NEED } from "./validate-monitor-form.ts";

const RULES: { rule: RegionRule; label: string }[] = [
  { rule: "any", label: "Any region fails" },
  { rule: "majority", label: "A majority of regions fail" },
  { rule: "all", label: "All regions fail" },
];

/** The region monitors run from when none is chosen: the server's own, else the first served. */
export function deploymentDefaultRegion(regions: readonly RegionView[]): Region | undefined {
  return (regions.find((item) => item.local) ?? regions.find((item) => item.served))?.region;
}

/**
 * Where the monitor is checked from: the served regions, and the rule when there are several.
 * Plans without a choice see the region their monitors run from.
 */
export function RegionFields({
  values,
  set,
  errors,
  plan,
  editing,
}: FormPartProps & { plan: Plan; editing: boolean }) {
  const regions = useQuery(regionsQuery());
  const choosing = plan.limits.allCheckTypes;
  const settled = useRef(editing);
  const fallback = regions.data ? deploymentDefaultRegion(regions.data.regions) : undefined;

  // A new monitor starts from the deployment's default region once the served ones are known.
  useEffect(() => {
    if (settled.current || !regions.data) return;
    settled.current = true;
    const first = regions.data.regions.find((item) => item.region === values.regions[0]);
    if (fallback && (!choosing || !first?.served) && values.regions[0] !== fallback) {
      set("regions", [fallback]);
    }
  }, [regions.data, fallback, choosing, values.regions, set]);

  const choose = (region: Region, on: boolean) =>
    set(
      "regions",
      on ? [...values.regions, region] : values.regions.filter((item) => item !== region),
    );
  return (
    <>
      <fieldset
        className="subfieldset region-picker"
        aria-describedby={`region-hint${errors.regions ? " region-error" : ""}`}
        aria-invalid={errors.regions ? true : undefined}
      >
        <legend>Check from</legend>
        <p id="region-hint" className="field-hint">
          {choosing ? (
            "Every planned check runs once from each region chosen."
          ) : (
            <>
              {plan.name} monitors run from the server's default region
              {fallback ? `, ${fallback}` : ""}. {SEVERAL_REGIONS_NEED}{" "}
              <Link to={`${APP_BASE}/settings#plan`}>See your plan</Link>
            </>
          )}
        </p>
        {regions.isPending ? (
          <p className="app-muted" role="status">
            Loading regions…
          </p>
        ) : regions.isError ? (
          <LoadError message={problemText(regions.error)} onRetry={() => void regions.refetch()} />
        ) : (
          <div className="region-options">
            {regions.data.regions.map((item) => (
              <RegionOption
                key={item.region}
                item={item}
                chosen={values.regions.includes(item.region)}
                locked={!choosing}
                onChange={(on) => choose(item.region, on)}
              />
            ))}
          </div>
        )}
        {errors.regions ? (
          <p id="region-error" className="field-error">
            {errors.regions}
          </p>
        ) : null}
      </fieldset>
      {values.regions.length > 1 ? (
        <Field
          id="monitor-region-rule"
          label="Counts as down when"
          hint="Each planned check runs from every region; this says how many must fail for it to count as failed, so one region's network trouble alone alerts nobody."
        >
          <select
            value={values.region_rule}
            onChange={(e) => set("region_rule", e.target.value as RegionRule)}
          >
            {RULES.map(({ rule, label }) => (
              <option key={rule} value={rule}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
    </>
  );
}

/**
 * One region as a checkbox. A region nobody serves cannot be chosen, though one already chosen
 * can be taken off; on a plan without a choice every box is locked.
 */
function RegionOption({
  item,
  chosen,
  locked,
  onChange,
}: {
  item: RegionView;
  chosen: boolean;
  locked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = `region-${item.region}`;
  return (
    <div className="region-option" data-served={item.served}>
      <input
        id={id}
        type="checkbox"
        name="regions"
        value={item.region}
        checked={chosen}
        disabled={locked || (!item.served && !chosen)}
        aria-describedby={item.served ? undefined : `${id}-why`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        <span className="region-code">{item.region}</span>{" "}
        <span className="region-location">{item.location}</span>
        {item.served ? null : <span className="region-unserved"> no runner</span>}
      </label>
      {item.served ? null : (
        <p id={`${id}-why`} className="region-why">
          No runner of this region is connected, so nothing could check from it.
        </p>
      )}
    </div>
  );
}
