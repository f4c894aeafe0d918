import type { Group } from "@upwatch/api";
import { Link } from "react-router";
import { NEW_GROUP_PATH } from "../groups/group-paths.ts";
import type { FormPartProps } from "./form-props.ts";

/** The groups the monitor is in: any number of the account's groups. */
export function GroupPicker({
  values,
  set,
  errors,
  groups,
}: FormPartProps & { groups: readonly Group[] | undefined }) {
  const toggle = (id: string, on: boolean) =>
    set("group_ids", on ? [...values.group_ids, id] : values.group_ids.filter((g) => g !== id));
  return (
    <fieldset
      className="subfieldset group-picker"
      aria-describedby={errors.group_ids ? "monitor-groups-error" : "monitor-groups-hint"}
    >
      <legend>
        Groups <span className="optional-mark">(optional)</span>
      </legend>
      <p id="monitor-groups-hint" className="field-hint">
        Groups filter the monitor list together, share one status, and send their alerts to the
        channels attached to them.
      </p>
      {groups === undefined ? (
        <p className="app-muted">Loading groups…</p>
      ) : groups.length === 0 ? (
        <p className="app-muted">
          No groups yet. <Link to={NEW_GROUP_PATH}>Make a group</Link> to gather monitors by
          service, team or environment.
        </p>
      ) : (
        <div className="group-picker-options">
          {groups.map((group) => (
            <div className="checkbox-field" key={group.id}>
              <input
                id={`group-${group.id}`}
                type="checkbox"
                checked={values.group_ids.includes(group.id)}
                onChange={(event) => toggle(group.id, event.target.checked)}
              />
              <label htmlFor={`group-${group.id}`}>{group.name}</label>
            </div>
          ))}
        </div>
      )}
      {errors.group_ids ? (
        <p id="monitor-groups-error" className="field-error">
          {errors.group_ids}
        </p>
      ) : null}
    </fieldset>
  );
}
