import { PAGE_HEADLINES, statusPageTitle } from "@upwatch/core";
import { escapeHtml } from "../http/escape-html.ts";
import { isoTime } from "../time.ts";
import { plainTextHtml } from "./plain-text.ts";
import type { PublicPage } from "./read-public-page.ts";
import { stageLabel } from "./render-page.ts";

/** The page's Atom feed: one entry per incident of the past 90 days and per announced window. */
export function renderFeed(model: PublicPage, pageUrl: string): string {
  const { page } = model;
  const incidents = [...model.activeIncidents, ...model.recentIncidents].map((i) => {
    const updated = i.updates[0]?.createdAt ?? i.startedAt;
    const body = i.updates
      .map(
        (u) =>
          `<p><strong>${stageLabel(u.stage)}</strong> (${isoTime(u.createdAt)})</p>${plainTextHtml(u.message)}`,
      )
      .join("");
    return entry(
      `${pageUrl}/incidents/${i.id}`,
      `${i.title} (${stageLabel(i.stage)})`,
      updated,
      body,
    );
  });
  const windows = model.maintenances.map((w) =>
    entry(
      `${pageUrl}#maintenance-${w.id}`,
      `Maintenance: ${w.title}`,
      w.startsAt,
      `<p>${isoTime(w.startsAt)} to ${isoTime(w.endsAt)}</p>${plainTextHtml(w.message)}`,
    ),
  );
  const updated = Math.max(page.updated_at, page.created_at);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${escapeHtml(statusPageTitle(page.name))}</title>
<subtitle>${escapeHtml(PAGE_HEADLINES[model.state])}</subtitle>
<id>${escapeHtml(pageUrl)}</id><link rel="alternate" href="${escapeHtml(pageUrl)}"/><link rel="self" href="${escapeHtml(pageUrl)}/feed.atom"/>
<updated>${isoTime(updated)}</updated><author><name>${escapeHtml(page.name)}</name></author>
${[...incidents, ...windows].join("\n")}
</feed>`;
}

function entry(id: string, title: string, updated: number, html: string): string {
  return `<entry><id>${escapeHtml(id)}</id><title>${escapeHtml(title)}</title><link href="${escapeHtml(id)}"/><updated>${isoTime(updated)}</updated><content type="html">${escapeHtml(html)}</content></entry>`;
}
