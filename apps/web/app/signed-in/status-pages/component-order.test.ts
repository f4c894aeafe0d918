import { describe, expect, it } from "vitest";
import {
  groupComponents,
  moveComponent,
  moveComponentToSection,
  moveSection,
} from "./component-order.ts";
import type { ComponentList, StatusComponent } from "./status-pages-api.ts";

function component(id: string, sectionId: string | null): StatusComponent {
  const at = "2026-11-24T10:00:00.000Z";
  return {
    id,
    section_id: sectionId,
    name: id,
    description: "",
    position: 0,
    state: "operational",
    shown_state: "operational",
    follow_monitors: false,
    monitors: [],
    suggested_state: null,
    state_changed_at: at,
    updated_at: at,
  };
}

const list: ComponentList = {
  sections: [
    { id: "s2", name: "Europe", position: 1 },
    { id: "s1", name: "Americas", position: 0 },
  ],
  data: [
    component("web", null),
    component("api", null),
    component("ny", "s1"),
    component("sf", "s1"),
    component("paris", "s2"),
  ],
};

describe("the order of a page's components", () => {
  it("shows components outside sections first, then each section in its order", () => {
    const groups = groupComponents(list);
    expect(groups.map((group) => group.section?.name ?? null)).toEqual([
      null,
      "Americas",
      "Europe",
    ]);
    expect(groups.map((group) => group.components.map((item) => item.id))).toEqual([
      ["web", "api"],
      ["ny", "sf"],
      ["paris"],
    ]);
  });

  it("moves a component down within its section and lists every component and section", () => {
    expect(moveComponent(list, "ny", 1)).toEqual({
      section_ids: ["s1", "s2"],
      components: [
        { id: "web", section_id: null },
        { id: "api", section_id: null },
        { id: "sf", section_id: "s1" },
        { id: "ny", section_id: "s1" },
        { id: "paris", section_id: "s2" },
      ],
    });
  });

  it("does not move a component past either end of its group", () => {
    expect(moveComponent(list, "web", -1)).toBeUndefined();
    expect(moveComponent(list, "sf", 1)).toBeUndefined();
    expect(moveComponent(list, "missing", 1)).toBeUndefined();
  });

  it("moves a component to the end of another section, or out of every section", () => {
    expect(moveComponentToSection(list, "web", "s2")?.components).toEqual([
      { id: "api", section_id: null },
      { id: "ny", section_id: "s1" },
      { id: "sf", section_id: "s1" },
      { id: "paris", section_id: "s2" },
      { id: "web", section_id: "s2" },
    ]);
    expect(moveComponentToSection(list, "paris", null)?.components.at(2)).toEqual({
      id: "paris",
      section_id: null,
    });
  });

  it("moves sections with their components, but not past either end", () => {
    const order = moveSection(list, "s2", -1);
    expect(order?.section_ids).toEqual(["s2", "s1"]);
    expect(order?.components.map((item) => item.id)).toEqual(["web", "api", "paris", "ny", "sf"]);
    expect(moveSection(list, "s1", -1)).toBeUndefined();
    expect(moveSection(list, "s2", 1)).toBeUndefined();
  });
});
