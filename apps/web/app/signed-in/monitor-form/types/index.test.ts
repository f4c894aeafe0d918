import { CHECK_TYPES, createMonitorSchema } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { defaultFormValues } from "../form-values.ts";
import { CHECK_TYPE_FORMS } from "./index.ts";

describe("the check types' parts of the monitor form", () => {
  it("gives every check type of the product its part of the form, under its own name", () => {
    expect(Object.keys(CHECK_TYPE_FORMS).sort()).toEqual([...CHECK_TYPES].sort());
    for (const type of CHECK_TYPES) {
      expect(CHECK_TYPE_FORMS[type]?.type, type).toBe(type);
      expect(CHECK_TYPE_FORMS[type]?.description, type).not.toBe("");
    }
  });

  it("lets no two types claim the same field, nor a field every monitor has", () => {
    const common = Object.keys({ ...defaultFormValues(0) }).filter(
      (field) => !CHECK_TYPES.some((type) => field in CHECK_TYPE_FORMS[type].defaults()),
    );
    const claimed = new Map<string, string>(common.map((field) => [field, "every monitor"]));
    for (const type of CHECK_TYPES) {
      for (const field of Object.keys(CHECK_TYPE_FORMS[type].defaults())) {
        expect(claimed.get(field), `${type} claims ${field}`).toBeUndefined();
        claimed.set(field, type);
      }
    }
  });

  it("judges the other fields with a stand-in target the engine accepts for each type", () => {
    for (const type of CHECK_TYPES) {
      const target = CHECK_TYPE_FORMS[type].target;
      if (!target) continue;
      const options = CHECK_TYPE_FORMS[type].validation?.standInOptions ?? {};
      const parsed = createMonitorSchema.safeParse({
        type,
        name: "x",
        target: target.standIn,
        options,
      });
      expect(parsed.success, type).toBe(true);
    }
  });
});
