import type { StatusPage } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { alertPageChoices, linkedComponentIds } from "./alert-pages.ts";
import type { MonitorComponentLink } from "./incidents-api.ts";

const page = (id: string, name: string) => ({ id, name }) as StatusPage;
const link = (pageId: string, componentId: string): MonitorComponentLink => ({
  page_id: pageId,
  page_name: pageId,
  component_id: componentId,
  component_name: `Component ${componentId}`,
  state: "operational",
});

describe("choosing the page for an alert's incident", () => {
  it("lists the pages whose components follow the alert's monitor first", () => {
    const pages = [page("a", "Acme"), page("b", "Billing"), page("c", "Customers")];
    const links = [link("c", "c1"), link("b", "b1"), link("b", "b2")];
    expect(alertPageChoices(pages, links).map((choice) => choice.page.id)).toEqual(["b", "c", "a"]);
  });

  it("names the linked components of each page", () => {
    const [first] = alertPageChoices([page("b", "Billing")], [link("b", "b1")]);
    expect(first?.linked).toEqual([{ id: "b1", name: "Component b1" }]);
  });

  it("fills in only the components of the page the incident is posted on", () => {
    expect(linkedComponentIds("b", [link("c", "c1"), link("b", "b1")])).toEqual(["b1"]);
  });
});
