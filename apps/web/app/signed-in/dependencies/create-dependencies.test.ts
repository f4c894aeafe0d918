import type { DependencyView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client.ts";
import { createDependencies, namedDetail } from "./create-dependencies.ts";

describe("creating a dependency on several parents", () => {
  it("sends one dependency per parent and reports a refusal with its reason, keeping the others", async () => {
    const sent: Record<string, string>[] = [];
    const outcome = await createDependencies(
      { type: "monitor", id: "mon_shop" },
      ["mon_gateway", "mon_api", "mon_backup"],
      async (body) => {
        sent.push(body);
        if (body.parent_monitor_id === "mon_api") {
          throw new ApiError(400, "This dependency would create a cycle.");
        }
        return {} as DependencyView;
      },
    );
    expect(sent).toEqual([
      { child_monitor_id: "mon_shop", parent_monitor_id: "mon_gateway" },
      { child_monitor_id: "mon_shop", parent_monitor_id: "mon_api" },
      { child_monitor_id: "mon_shop", parent_monitor_id: "mon_backup" },
    ]);
    expect(outcome).toEqual({
      created: ["mon_gateway", "mon_backup"],
      refused: [{ parentId: "mon_api", detail: "This dependency would create a cycle." }],
    });
  });

  it("names an agent child with child_agent_id", async () => {
    const sent: Record<string, string>[] = [];
    await createDependencies({ type: "agent", id: "agt_nas" }, ["mon_router"], async (body) => {
      sent.push(body);
      return {} as DependencyView;
    });
    expect(sent).toEqual([{ child_agent_id: "agt_nas", parent_monitor_id: "mon_router" }]);
  });

  it("says a refusal with the monitors' names in place of their ids", () => {
    const names: Record<string, string> = { "mon_z0lSpy_XNlV-Cc": "Shop", mon_2Rk5VbN1: "Gateway" };
    expect(
      namedDetail(
        "This dependency would create a cycle: mon_2Rk5VbN1 already depends on mon_z0lSpy_XNlV-Cc.",
        (subject) => names[subject.id] ?? subject.id,
      ),
    ).toBe("This dependency would create a cycle: Gateway already depends on Shop.");
  });
});
