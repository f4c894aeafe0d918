import { describe, expect, it } from "vitest";
import { auditFilterQuery, auditFiltersOf, hasAuditFilters } from "./audit-filters.ts";

describe("the audit log's filters in the address", () => {
  it("keeps the filters a person chose and leaves out the empty ones", () => {
    const filters = auditFiltersOf(
      new URLSearchParams("actor=usr_1&action=monitor.&from=2026-12-01&to="),
    );
    expect(filters).toEqual({ actor: "usr_1", action: "monitor.", from: "2026-12-01", to: "" });
    expect(auditFilterQuery(filters).toString()).toBe(
      "actor=usr_1&action=monitor.&from=2026-12-01",
    );
    expect(hasAuditFilters(filters)).toBe(true);
  });

  it("ignores values typed into the address that the log cannot filter by", () => {
    const filters = auditFiltersOf(new URLSearchParams("action=DROP TABLE&from=yesterday"));
    expect(filters).toEqual({ actor: "", action: "", from: "", to: "" });
    expect(hasAuditFilters(filters)).toBe(false);
  });
});
