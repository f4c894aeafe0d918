import { describe, expect, it } from "vitest";
import {
  changesOf,
  defaultStateFor,
  durationWords,
  messageProblem,
  restage,
  selectComponents,
  titleProblem,
  titleRefusal,
  toggleComponent,
} from "./incident-form-logic.ts";

const order = [{ id: "api" }, { id: "web" }, { id: "mail" }];

describe("choosing the components an incident affects", () => {
  it("marks affected components as a major outage while the incident is open, and operational when it is resolved", () => {
    expect(defaultStateFor("investigating")).toBe("major_outage");
    expect(defaultStateFor("monitoring")).toBe("major_outage");
    expect(defaultStateFor("resolved")).toBe("operational");
  });

  it("sends only the ticked components, in the order the page lists them", () => {
    let selection = selectComponents(["mail", "api"], "major_outage");
    selection = toggleComponent(selection, "web", true, "degraded_performance");
    selection = toggleComponent(selection, "mail", false, "major_outage");
    expect(changesOf(selection, order)).toEqual([
      { component_id: "api", state: "major_outage" },
      { component_id: "web", state: "degraded_performance" },
    ]);
  });

  it("moves every affected component to Operational when the stage becomes Resolved, and back to Major Outage when it leaves Resolved", () => {
    const selection = { api: "major_outage", web: "degraded_performance" } as const;
    const resolved = restage(selection, "identified", "resolved");
    expect(resolved).toEqual({ api: "operational", web: "operational" });
    expect(restage(resolved, "resolved", "monitoring")).toEqual({
      api: "major_outage",
      web: "major_outage",
    });
  });

  it("keeps the states chosen by hand when moving between open stages", () => {
    const selection = { api: "degraded_performance" } as const;
    expect(restage(selection, "investigating", "identified")).toEqual(selection);
  });

  it("ignores components that are no longer on the page", () => {
    expect(changesOf({ gone: "major_outage" }, order)).toEqual([]);
  });
});

describe("checking an incident before it is posted", () => {
  it("asks for a title and a message", () => {
    expect(titleProblem("  ")).toMatch(/Give the incident a title/);
    expect(messageProblem("")).toMatch(/Write what visitors should know/);
    expect(titleProblem("Checkout is failing")).toBeUndefined();
    expect(messageProblem("We are looking into it.")).toBeUndefined();
  });

  it("refuses a title longer than 200 characters", () => {
    expect(titleProblem("x".repeat(201))).toBe("A title can be at most 200 characters.");
  });

  it("shows the server's refusal of a title on the title field and other refusals above the form", () => {
    expect(titleRefusal(400, "title can be at most 200 characters.")).toBe(
      "title can be at most 200 characters.",
    );
    expect(titleRefusal(400, "message cannot be empty.")).toBeUndefined();
    expect(titleRefusal(404, "There is no incident with this id.")).toBeUndefined();
  });
});

describe("how long a past incident lasted", () => {
  it("says it in days, hours and minutes", () => {
    expect(durationWords("2026-11-01T10:00:00Z", "2026-11-01T10:00:30Z")).toBe("under a minute");
    expect(durationWords("2026-11-01T10:00:00Z", "2026-11-01T12:05:00Z")).toBe("2 h 5 min");
    expect(durationWords("2026-11-01T10:00:00Z", "2026-11-02T10:00:00Z")).toBe("1 d");
  });
});
