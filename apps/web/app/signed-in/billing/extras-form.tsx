import type { BillingAnswer } from "@upwatch/api";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { type BillingChange, ChangeDialog } from "./change-dialog.tsx";
import { formatCents, perInterval } from "./money.ts";

/** Extra monitors (and agents on Business), changed after seeing the price. */
export function ExtrasForm({ billing }: { billing: BillingAnswer }) {
  const interval = billing.interval ?? "month";
  const [monitors, setMonitors] = useState(String(billing.extras.monitors));
  const [agents, setAgents] = useState(String(billing.extras.agents));
  const [change, setChange] = useState<BillingChange | null>(null);
  const [searchParams] = useSearchParams();
  const monitorsRef = useRef<HTMLInputElement>(null);
  const agentsRef = useRef<HTMLInputElement>(null);
  const wanted = searchParams.get("extras");
  const sellsAgents = billing.plan === "business";

  useEffect(() => {
    const field =
      wanted === "agents" ? agentsRef.current : wanted === "monitors" ? monitorsRef.current : null;
    field?.focus();
  }, [wanted]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: BillingChange = { extra_monitors: Number(monitors) };
    if (sellsAgents) body.extra_agents = Number(agents);
    setChange(body);
  };

  const each = (cents: number) => `${formatCents(cents)} ${perInterval(interval)} each`;
  return (
    <section className="billing-extras" aria-labelledby="billing-extras-heading">
      <form onSubmit={submit} noValidate>
        <h3 id="billing-extras-heading">Extras</h3>
        <Field
          id="billing-extra-monitors"
          label="Extra monitors"
          hint={each(billing.prices.extra_monitor[interval])}
        >
          <input
            ref={monitorsRef}
            type="number"
            min={0}
            max={10000}
            step={1}
            inputMode="numeric"
            value={monitors}
            onChange={(event) => setMonitors(event.target.value)}
          />
        </Field>
        {sellsAgents ? (
          <Field
            id="billing-extra-agents"
            label="Extra agents"
            hint={each(billing.prices.extra_agent[interval])}
          >
            <input
              ref={agentsRef}
              type="number"
              min={0}
              max={10000}
              step={1}
              inputMode="numeric"
              value={agents}
              onChange={(event) => setAgents(event.target.value)}
            />
          </Field>
        ) : null}
        <Button
          type="submit"
          variant="ghost"
          disabled={!validCount(monitors) || !validCount(agents)}
        >
          Review the change
        </Button>
      </form>
      <ChangeDialog
        change={change}
        summary={describe(change)}
        onClose={() => setChange(null)}
        onChanged={() => setChange(null)}
      />
    </section>
  );
}

function validCount(value: string): boolean {
  return /^\d{1,5}$/.test(value.trim()) && Number(value) <= 10_000;
}

function describe(change: BillingChange | null): string {
  if (!change) return "";
  const parts = [`${change.extra_monitors ?? 0} extra monitors`];
  if (change.extra_agents !== undefined) parts.push(`${change.extra_agents} extra agents`);
  return `Your subscription will have ${parts.join(", ")}.`;
}
