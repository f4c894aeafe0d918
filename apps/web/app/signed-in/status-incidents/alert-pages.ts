import type { MonitorComponentLink, StatusPage } from "./incidents-api.ts";

/** A page to post an alert's incident on, with the components the alert's monitor is linked to. */
export interface AlertPageChoice {
  page: StatusPage;
  linked: { id: string; name: string }[];
}

/**
 * The account's pages for an alert: those with components linked to its monitor first (most
 * linked components first), then the others by name.
 */
export function alertPageChoices(
  pages: readonly StatusPage[],
  links: readonly MonitorComponentLink[],
): AlertPageChoice[] {
  const choices = pages.map((page) => ({
    page,
    linked: links
      .filter((link) => link.page_id === page.id)
      .map((link) => ({ id: link.component_id, name: link.component_name })),
  }));
  return choices.sort(
    (a, b) =>
      Number(b.linked.length > 0) - Number(a.linked.length > 0) ||
      b.linked.length - a.linked.length ||
      a.page.name.localeCompare(b.page.name),
  );
}

/** The ids of the page's components linked to the alert's monitor. */
export function linkedComponentIds(
  pageId: string,
  links: readonly MonitorComponentLink[],
): string[] {
  return links.filter((link) => link.page_id === pageId).map((link) => link.component_id);
}
