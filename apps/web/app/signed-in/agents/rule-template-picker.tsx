import { useState } from "react";
import { Button } from "../ui/button.tsx";
import type { AgentRuleTemplateView } from "./agent-types.ts";
import type { RuleFields } from "./agents-api.ts";
import { RuleForm } from "./rule-form.tsx";
import { ruleValues } from "./rule-values.ts";

/** Adding a rule: choose one of the templates, then adjust its numbers. */
export function RuleTemplatePicker({
  templates,
  onCreate,
  metricNames,
}: {
  templates: readonly AgentRuleTemplateView[];
  onCreate(fields: RuleFields): Promise<void>;
  metricNames: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<AgentRuleTemplateView>();
  if (!open) {
    return <Button onClick={() => setOpen(true)}>Add rule</Button>;
  }
  const close = () => {
    setOpen(false);
    setChosen(undefined);
  };
  return (
    <section className="app-panel" aria-labelledby="add-rule-heading">
      <h3 id="add-rule-heading">Add rule</h3>
      {chosen ? (
        <>
          <p>
            <strong>{chosen.name}</strong>: {chosen.condition}.
          </p>
          <RuleForm
            key={chosen.kind}
            initial={ruleValues(chosen)}
            metricNames={metricNames}
            submitLabel="Add rule"
            onCancel={close}
            onSubmit={async (fields) => {
              await onCreate(fields);
              close();
            }}
          />
        </>
      ) : (
        <>
          <ul className="agent-templates">
            {templates.map((template) => (
              <li key={template.kind}>
                <Button variant="ghost" onClick={() => setChosen(template)}>
                  {template.name}
                </Button>{" "}
                <span className="app-muted">{template.condition}</span>
              </li>
            ))}
          </ul>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        </>
      )}
    </section>
  );
}
