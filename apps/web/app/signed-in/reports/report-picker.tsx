import { useQuery } from "@tanstack/react-query";
import { agentsQuery } from "../agents/agents-api.ts";
import { groupsQuery, monitorsQuery } from "../cache/queries.ts";
import { statusPagesQuery } from "../status-pages/status-pages-api.ts";
import {
  monthName,
  type ReportChoice,
  recentMonths,
  SUBJECT_TYPES,
  type SubjectType,
} from "./report-choice.ts";

/** The subjects of one kind the account has, as `{ id, name }`, while they load. */
export function useSubjects(type: SubjectType): Array<{ id: string; name: string }> {
  const monitors = useQuery({ ...monitorsQuery(), enabled: type === "monitor" });
  const groups = useQuery({ ...groupsQuery(), enabled: type === "group" });
  const agents = useQuery({ ...agentsQuery(), enabled: type === "agent" });
  const pages = useQuery({ ...statusPagesQuery(), enabled: type === "status_page" });
  const lists = {
    monitor: monitors.data?.data,
    group: groups.data?.data,
    agent: agents.data?.data,
    status_page: pages.data?.data,
  };
  return (lists[type] ?? []).map((item: { id: string; name: string }) => ({
    id: item.id,
    name: item.name,
  }));
}

/** What the report is about, over which period and against which target. */
export function ReportPicker({
  choice,
  onChange,
}: {
  choice: ReportChoice;
  onChange(next: ReportChoice): void;
}) {
  const subjects = useSubjects(choice.subjectType);
  const months = recentMonths(new Date());
  const set = (changes: Partial<ReportChoice>) => onChange({ ...choice, ...changes });
  return (
    <fieldset className="report-picker">
      <legend className="visually-hidden">Choose the report</legend>
      <div className="report-pick">
        <label htmlFor="report-type">Report on</label>
        <select
          id="report-type"
          value={choice.subjectType}
          onChange={(event) =>
            set({ subjectType: event.target.value as SubjectType, subjectId: "" })
          }
        >
          {SUBJECT_TYPES.map((kind) => (
            <option key={kind.type} value={kind.type}>
              {kind.label}
            </option>
          ))}
        </select>
      </div>
      <div className="report-pick">
        <label htmlFor="report-subject">Name</label>
        <select
          id="report-subject"
          value={choice.subjectId}
          onChange={(event) => set({ subjectId: event.target.value })}
        >
          <option value="">Choose…</option>
          {subjects.map((subject) => (
            <option key={subject.id} value={subject.id}>
              {subject.name}
            </option>
          ))}
        </select>
      </div>
      <div className="report-pick">
        <label htmlFor="report-period">Period</label>
        <select
          id="report-period"
          value={choice.month || "custom"}
          onChange={(event) => {
            const value = event.target.value;
            if (value !== "custom") return set({ month: value, from: "", to: "" });
            const today = new Date().toISOString().slice(0, 10);
            set({ month: "", from: choice.from || today, to: choice.to || today });
          }}
        >
          {months.map((month) => (
            <option key={month} value={month}>
              {monthName(month)}
            </option>
          ))}
          <option value="custom">Custom range</option>
        </select>
      </div>
      {choice.month ? null : (
        <>
          <div className="report-pick">
            <label htmlFor="report-from">First day (UTC)</label>
            <input
              id="report-from"
              type="date"
              value={choice.from}
              max={choice.to || undefined}
              onChange={(event) => set({ from: event.target.value })}
            />
          </div>
          <div className="report-pick">
            <label htmlFor="report-to">Last day (UTC, included)</label>
            <input
              id="report-to"
              type="date"
              value={choice.to}
              min={choice.from || undefined}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
        </>
      )}
      <div className="report-pick report-pick-target">
        <label htmlFor="report-target">Target (%)</label>
        <input
          id="report-target"
          type="number"
          inputMode="decimal"
          min="0"
          max="100"
          step="0.001"
          value={choice.target}
          onChange={(event) => set({ target: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
