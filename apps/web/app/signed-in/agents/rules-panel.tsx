import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorDetail, problemText } from "../api-client.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { useToast } from "../ui/toast.tsx";
import {
  type AgentRule,
  agentKeys,
  agentRulesQuery,
  createAgentRule,
  deleteAgentRule,
  updateAgentRule,
} from "./agents-api.ts";
import { customSeriesQuery } from "./custom-metrics-api.ts";
import { RuleForm } from "./rule-form.tsx";
import { RuleTemplatePicker } from "./rule-template-picker.tsx";
import { ruleChanges, ruleValues, SEVERITY_WORDS } from "./rule-values.ts";

/** The agent's alert rules: each condition in words, changing or deleting one, adding one. */
export function RulesPanel({ agentId }: { agentId: string }) {
  const rules = useQuery(agentRulesQuery(agentId));
  const customSeries = useQuery(customSeriesQuery(agentId));
  const metricNames = [...new Set((customSeries.data?.data ?? []).map((series) => series.name))];
  const client = useQueryClient();
  const { showToast } = useToast();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<AgentRule>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const reload = () => client.invalidateQueries({ queryKey: agentKeys.rules(agentId) });
  const mayManage = useCan()("agents.manage");

  if (rules.isPending) return <Skeleton lines={3} label="Loading the alert rules" />;
  if (rules.isError) {
    return <LoadError message={problemText(rules.error)} onRetry={() => void rules.refetch()} />;
  }
  const onDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await deleteAgentRule(agentId, deleting.id);
      await reload();
      showToast(`The rule ${deleting.name} is deleted; its open alerts are resolved.`);
      setDeleting(undefined);
    } catch (error) {
      setDeleteError(errorDetail(error));
    } finally {
      setDeleteBusy(false);
    }
  };
  return (
    <>
      {rules.data.data.length === 0 ? (
        <p className="app-muted">
          No alert rules yet. The agent still alerts when it stops reporting
          {mayManage
            ? "; add a rule to be told about high CPU, low memory or disk space, high load or a stopped service."
            : "."}
        </p>
      ) : (
        <ul className="agent-rules" aria-label="Alert rules">
          {rules.data.data.map((rule) => (
            <li key={rule.id} className="agent-rule" data-rule-kind={rule.kind}>
              {mayManage && editing === rule.id ? (
                <>
                  <h3>Change {rule.name}</h3>
                  <RuleForm
                    initial={ruleValues(rule)}
                    metricNames={metricNames}
                    submitLabel="Save rule"
                    onCancel={() => setEditing(undefined)}
                    onSubmit={async (fields) => {
                      await updateAgentRule(agentId, rule.id, ruleChanges(fields));
                      await reload();
                      setEditing(undefined);
                      showToast(`The rule ${rule.name} is saved.`);
                    }}
                  />
                </>
              ) : (
                <>
                  <div className="agent-rule-head">
                    <h3>{rule.name}</h3>
                    <span className={`severity severity-${rule.severity}`}>
                      {SEVERITY_WORDS[rule.severity]}
                    </span>
                  </div>
                  <p>{rule.condition}</p>
                  {mayManage ? (
                    <div className="app-form-actions">
                      <Button
                        variant="ghost"
                        size="small"
                        onClick={() => setEditing(rule.id)}
                        aria-label={`Change the rule ${rule.name}`}
                      >
                        Change
                      </Button>
                      <Button
                        variant="ghost"
                        size="small"
                        onClick={() => setDeleting(rule)}
                        aria-label={`Delete the rule ${rule.name}`}
                      >
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayManage ? (
        <RuleTemplatePicker
          templates={rules.data.templates}
          metricNames={metricNames}
          onCreate={async (fields) => {
            const rule = await createAgentRule(agentId, fields);
            await reload();
            showToast(`The rule ${rule.name} is added.`);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete the rule ${deleting?.name ?? ""}?`}
        confirmLabel="Delete rule"
        busyLabel="Deleting..."
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void onDelete()}
        onCancel={() => {
          setDeleting(undefined);
          setDeleteError(undefined);
        }}
      >
        <p>No alert opens for this condition from now on.</p>
      </ConfirmDialog>
    </>
  );
}
