import { statusPageTitle } from "@upwatch/core";
import type { StatusPageTable } from "@upwatch/db";
import { escapeHtml } from "../http/escape-html.ts";
import { renderDocument } from "./page-layout.ts";
import { timeHtml } from "./plain-text.ts";
import type { PublicIncident } from "./read-public-page.ts";
import { incidentCard, type RenderPlace, resolvedAfter, stageLabel } from "./render-page.ts";

/** A page of the incident history, with links to the newer and older pages. */
export function renderHistory(
  page: StatusPageTable,
  history: { incidents: PublicIncident[]; more: boolean },
  pageNumber: number,
  place: RenderPlace,
) {
  const list = history.incidents.length
    ? `<ul>${history.incidents.map((i) => historyItem(i, place.base)).join("")}</ul>`
    : "<p>No incidents to show.</p>";
  const links = [
    pageNumber > 1
      ? `<a href="${place.base}/history?page=${pageNumber - 1}">Newer incidents</a>`
      : "",
    history.more
      ? `<a href="${place.base}/history?page=${pageNumber + 1}">Older incidents</a>`
      : "",
  ].filter(Boolean);
  const nav = links.length
    ? `<nav aria-label="History pages" class="row">${links.join("")}</nav>`
    : "";
  const main = `<h1>Incident history</h1><p class="muted">Page ${pageNumber}</p>${list}${nav}<p><a href="${place.base}">Current status</a></p>`;
  return renderDocument({
    page,
    title: `Incident history, page ${pageNumber} | ${statusPageTitle(page.name)}`,
    description: `Past incidents of ${page.name}.`,
    main,
    ...place,
  });
}

function historyItem(incident: PublicIncident, base: string): string {
  const resolved = incident.resolvedAt ? ` to ${timeHtml(incident.resolvedAt)}` : " (ongoing)";
  return `<li class="card"><h2><a href="${base}/incidents/${escapeHtml(incident.id)}">${escapeHtml(incident.title)}</a></h2><p class="muted">${stageLabel(incident.stage)} · ${timeHtml(incident.startedAt)}${resolved}${resolvedAfter(incident, " · ")}</p></li>`;
}

/** One incident with all its updates. */
export function renderIncident(
  page: StatusPageTable,
  incident: PublicIncident,
  place: RenderPlace,
) {
  const span = incident.resolvedAt
    ? `Resolved ${timeHtml(incident.resolvedAt)}, started ${timeHtml(incident.startedAt)}. ${resolvedAfter(incident)}.`
    : `Started ${timeHtml(incident.startedAt)}`;
  const main = `<p><a href="${place.base}">Current status</a></p><h1>${escapeHtml(incident.title)}</h1><p class="muted">${span}</p>${incidentCard(incident, place.base, "h2")}`;
  return renderDocument({
    page,
    title: `${incident.title} | ${statusPageTitle(page.name)}`,
    description: `${stageLabel(incident.stage)}: ${incident.title}`,
    main,
    ...place,
  });
}
