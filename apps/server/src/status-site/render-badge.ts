import { COMPONENT_STATE_LABELS, type ComponentState } from "@upwatch/core";
import { escapeHtml } from "../http/escape-html.ts";

const COLOURS: Record<ComponentState, string> = {
  operational: "#15803d",
  maintenance: "#1d4ed8",
  degraded_performance: "#a16207",
  major_outage: "#b91c1c",
};

// An estimate of Verdana 11px widths: wide enough for the text without measuring fonts.
const width = (text: string) => Math.round(text.length * 6.6 + 12);

/**
 * A flat badge, label on grey and the state on its colour, e.g. "status | Operational".
 * @example renderBadge("API", "operational")
 */
export function renderBadge(label: string, state: ComponentState): string {
  const value = COMPONENT_STATE_LABELS[state];
  const left = width(label);
  const right = width(value);
  const total = left + right;
  const text = `${escapeHtml(label)}: ${value}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${text}"><title>${text}</title><rect width="${left}" height="20" fill="#4b5563"/><rect x="${left}" width="${right}" height="20" fill="${COLOURS[state]}"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${left / 2}" y="14">${escapeHtml(label)}</text><text x="${left + right / 2}" y="14">${value}</text></g></svg>`;
}
