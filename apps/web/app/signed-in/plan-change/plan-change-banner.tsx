import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getPlan } from "@upwatch/core";
import { useState } from "react";
import { Link } from "react-router";
import { call } from "../api-call.ts";
import { APP_BASE, problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { planChangeQuery } from "./plan-change-query.ts";

/**
 * The notice of a move to another plan, for people who manage monitors: what changed, a way to
 * choose which monitors stay active, and dismissing it for everyone in the account.
 */
export function PlanChangeBanner() {
  const mayManage = useCan()("monitors.manage");
  const answer = useQuery({ ...planChangeQuery(), enabled: mayManage });
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const notice = answer.data?.notice;
  if (!mayManage || !notice) return null;

  const dismiss = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await call(OP.dismissPlanChange);
      await client.invalidateQueries({ queryKey: planChangeQuery().queryKey });
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  const from = getPlan(notice.from_plan).name;
  const to = getPlan(notice.to_plan).name;
  return (
    <section
      className="app-notice plan-change-notice"
      data-tone="warn"
      aria-labelledby="plan-change-heading"
    >
      <h2 id="plan-change-heading">
        Your account moved from the {from} plan to the {to} plan
      </h2>
      <p>Nothing was deleted. What changed:</p>
      <ul>
        {notice.changes.map((change) => (
          <li key={`${change.kind}-${change.monitor_id ?? change.channel_id}`}>
            {change.sentence}
          </li>
        ))}
      </ul>
      <div className="button-row">
        {answer.data && answer.data.paused_by_plan.length > 0 ? (
          <Link to={`${APP_BASE}/settings#plan-change`} className="button button-primary">
            Choose which monitors stay active
          </Link>
        ) : null}
        <button type="button" className="button button-ghost" onClick={dismiss} disabled={busy}>
          {busy ? "Dismissing…" : "Dismiss"}
        </button>
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
