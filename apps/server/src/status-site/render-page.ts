import {
  COMPONENT_STATE_LABELS,
  type ComponentState,
  INCIDENT_STAGE_LABELS,
  type IncidentStage,
  PAGE_HEADLINES,
  statusPageTitle,
} from "@upwatch/core";
import { describeDuration } from "../describe-duration.ts";
import { escapeHtml } from "../http/escape-html.ts";
import { renderDocument } from "./page-layout.ts";
import { dayText, plainTextHtml, timeHtml } from "./plain-text.ts";
import type {
  PublicComponent,
  PublicIncident,
  PublicMaintenance,
  PublicPage,
} from "./read-public-page.ts";
import type { UptimeDay } from "./uptime-bars.ts";

/** Where a rendered page lives and what it links to. */
export interface RenderPlace {
  base: string;
  productUrl: string;
}

/** The public status page: headline, incidents, maintenance, components, history, subscribe. */
export function renderStatusPage(model: PublicPage, place: RenderPlace) {
  const { page } = model;
  const headline = PAGE_HEADLINES[model.state];
  const main = [
    `<section class="banner s-${model.state}" aria-labelledby="headline"><h1 id="headline">${headline}</h1>${page.headline ? `<p>${escapeHtml(page.headline)}</p>` : ""}</section>`,
    model.activeIncidents.length
      ? `<section aria-labelledby="active"><h2 id="active">Active incidents</h2>${model.activeIncidents.map((i) => incidentCard(i, place.base)).join("")}</section>`
      : "",
    maintenanceSection(model.maintenances),
    componentsSection(model),
    historySection(model.recentIncidents, place.base),
    subscribeSection(place.base),
  ].join("");
  return renderDocument({
    page,
    title: statusPageTitle(page.name),
    description: `${headline}. Current status, incidents and maintenance of ${page.name}.`,
    main,
    ...place,
  });
}

/** An incident with its updates, newest first. */
export function incidentCard(incident: PublicIncident, base: string, heading = "h3"): string {
  const updates = incident.updates
    .map(
      (u) =>
        `<li class="update"><strong>${stageLabel(u.stage)}</strong> <span class="muted">${timeHtml(u.createdAt)}</span>${plainTextHtml(u.message)}</li>`,
    )
    .join("");
  return `<article class="card"><${heading}><a href="${base}/incidents/${escapeHtml(incident.id)}">${escapeHtml(incident.title)}</a></${heading}><ol>${updates}</ol></article>`;
}

/** How long a resolved incident lasted ("Resolved after 1 hour 4 minutes"); empty while open. */
export function resolvedAfter(incident: PublicIncident, separator = ""): string {
  if (incident.resolvedAt === null) return "";
  return `${separator}Resolved after ${describeDuration(incident.resolvedAt - incident.startedAt)}`;
}

/** How a stage is written; an unknown one is shown as stored. */
export function stageLabel(stage: string): string {
  return INCIDENT_STAGE_LABELS[stage as IncidentStage] ?? escapeHtml(stage);
}

function maintenanceSection(windows: PublicMaintenance[]): string {
  if (windows.length === 0) return "";
  const cards = windows.map((w) => {
    const status = w.status === "in_progress" ? "In progress" : "Scheduled";
    const affected = w.components.length
      ? `<p class="muted">Affects ${w.components.map(escapeHtml).join(", ")}</p>`
      : "";
    return `<article class="card s-maintenance" id="maintenance-${escapeHtml(w.id)}"><h3>${escapeHtml(w.title)}</h3><p><span class="state">${status}</span> · ${timeHtml(w.startsAt)} to ${timeHtml(w.endsAt)}</p>${affected}${plainTextHtml(w.message)}</article>`;
  });
  return `<section aria-labelledby="maintenance"><h2 id="maintenance">Scheduled maintenance</h2>${cards.join("")}</section>`;
}

function componentsSection(model: PublicPage): string {
  if (model.sections.length === 0) return "";
  const groups = model.sections.map((section) => {
    const items = section.components.map(componentItem).join("");
    const title = section.name ? `<h3 class="section">${escapeHtml(section.name)}</h3>` : "";
    return `${title}<ul>${items}</ul>`;
  });
  return `<section aria-labelledby="components"><h2 id="components">Components</h2>${groups.join("")}</section>`;
}

function componentItem(component: PublicComponent): string {
  const description = component.description
    ? `<p class="muted">${escapeHtml(component.description)}</p>`
    : "";
  const bars = component.days.length ? uptimeBars(component) : "";
  return `<li class="card s-${component.state}"><div class="row"><span><strong>${escapeHtml(component.name)}</strong></span><span class="state">${stateLabel(component.state)}</span></div>${description}${bars}</li>`;
}

/** A state's label. */
export function stateLabel(state: ComponentState): string {
  return COMPONENT_STATE_LABELS[state];
}

function uptimeBars(component: PublicComponent): string {
  const uptime = uptimeText(component);
  const rects = component.days.map((day, i) => bar(day, i)).join("");
  return `<svg class="bars" viewBox="0 0 450 34" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(component.name)}: ${uptime}, over the past 90 days">${rects}</svg><div class="row muted"><span>90 days ago</span><span>${uptime}</span><span>Today</span></div>`;
}

/**
 * The uptime over the days that have checks: days without any are no data, not 100 %, so a
 * component linked recently says since when its figure runs.
 */
function uptimeText({ days, uptime }: PublicComponent): string {
  const first = days.findIndex((day) => day.checks > 0);
  if (uptime === null || first === -1) return "No data yet";
  const since = first > 0 ? ` since ${dayText((days[first] as UptimeDay).day)}` : "";
  return `${uptime}% uptime${since}`;
}

function bar(day: UptimeDay, index: number): string {
  const ratio = day.checks ? day.up / day.checks : undefined;
  const kind =
    ratio === undefined ? "" : ratio >= 0.999 ? "b-up" : ratio >= 0.9 ? "b-part" : "b-down";
  const text = ratio === undefined ? "No data" : `${Math.floor(ratio * 10_000) / 100}% up`;
  return `<rect x="${index * 5}" width="4" height="34"${kind ? ` class="${kind}"` : ""}><title>${dayText(day.day)}: ${text}</title></rect>`;
}

function historySection(incidents: PublicIncident[], base: string): string {
  const items = incidents.map(
    (i) =>
      `<li class="card"><a href="${base}/incidents/${escapeHtml(i.id)}">${escapeHtml(i.title)}</a> <span class="muted">${timeHtml(i.startedAt)}${resolvedAfter(i, " · ")}</span></li>`,
  );
  const list = items.length
    ? `<ul>${items.join("")}</ul>`
    : "<p>No incidents in the past 90 days.</p>";
  return `<section aria-labelledby="history"><h2 id="history">Past incidents</h2>${list}<p><a href="${base}/history">Older incidents</a></p></section>`;
}

function subscribeSection(base: string): string {
  return `<section aria-labelledby="subscribe"><h2 id="subscribe">Get updates by email</h2><form method="post" action="${base}/subscribe"><div><label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254"></div><button type="submit">Subscribe</button></form></section>`;
}
