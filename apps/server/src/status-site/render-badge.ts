import { COMPONENT_STATE_LABELS, type ComponentState } from "@upwatch/core";
import { escapeHtml } from "../http/escape-html.ts";

const COLOURS: Record<ComponentState, string> = {
  operational: "#15803d",
  maintenance: "#1d4ed8",
  degraded_performance: "#a16207",
  major_outage: "#b91c1c",
};

/** The colours badges are drawn in, named by what they mean. */
export const BADGE_COLOURS = {
  good: "#15803d",
  fair: "#65a30d",
  warning: "#a16207",
  bad: "#b91c1c",
  neutral: "#4b5563",
  maintenance: "#1d4ed8",
} as const;

/** shields.io's two flat styles: rounded with a soft sheen, or square and plain. */
export const BADGE_STYLES = ["flat", "flat-square"] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

export interface BadgeParts {
  label: string;
  value: string;
  colour: string;
  style: BadgeStyle;
}

// An estimate of Verdana 11px widths: wide enough for the text without measuring fonts.
const width = (text: string) => Math.round(text.length * 6.6 + 12);

/**
 * A shields.io-style badge, the label on grey and the value on its colour; both texts are
 * escaped here, so callers pass them as people typed them.
 * @example renderValueBadge({ label: "uptime 30d", value: "99.95%", colour: BADGE_COLOURS.good, style: "flat" })
 */
export function renderValueBadge(parts: BadgeParts): string {
  const label = escapeHtml(parts.label);
  const value = escapeHtml(parts.value);
  const left = width(parts.label);
  const right = width(parts.value);
  const total = left + right;
  const text = `${label}: ${value}`;
  const rounded = parts.style === "flat";
  const sheen = rounded
    ? `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${total}" height="20" rx="3" fill="#fff"/></clipPath>`
    : "";
  const clip = rounded ? ' clip-path="url(#r)"' : "";
  const overlay = rounded ? `<rect width="${total}" height="20" fill="url(#s)"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${text}"><title>${text}</title>${sheen}<g${clip}><rect width="${left}" height="20" fill="${BADGE_COLOURS.neutral}"/><rect x="${left}" width="${right}" height="20" fill="${parts.colour}"/>${overlay}</g><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${left / 2}" y="14">${label}</text><text x="${left + right / 2}" y="14">${value}</text></g></svg>`;
}

/**
 * A status page's flat badge, label on grey and the state on its colour, e.g. "status | Operational".
 * @example renderBadge("API", "operational")
 */
export function renderBadge(label: string, state: ComponentState): string {
  return renderValueBadge({
    label,
    value: COMPONENT_STATE_LABELS[state],
    colour: COLOURS[state],
    style: "flat-square",
  });
}
