/** The icons a category can show; anything else is drawn as `code`. */
export const CATEGORY_ICONS = [
  "cpu",
  "bell",
  "check-circle",
  "sparkles",
  "credit-card",
  "code",
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

/** A group of articles on the knowledge base's front page. */
export interface CategoryInfo {
  id: string;
  name: string;
  description: string;
  icon: CategoryIcon;
}

/** The category of an article whose front matter names none. */
export const UNCATEGORIZED = "uncategorized";

/** The six categories, in the order the knowledge base shows them. */
export const CATEGORIES: readonly CategoryInfo[] = [
  {
    id: "agents",
    name: "Monitoring Agents",
    description:
      "Install the agent on Windows, Linux or macOS and watch CPU, memory, disk, network and services from inside your servers.",
    icon: "cpu",
  },
  {
    id: "alerts",
    name: "Alert Configuration",
    description:
      "Email, SMS, chat, push, PagerDuty, Opsgenie and webhook alerts, routing by severity, escalation, de-escalation and dependencies that keep the noise down.",
    icon: "bell",
  },
  {
    id: "checks",
    name: "Check Types",
    description:
      "HTTP/HTTPS, keyword, ping, TCP, DNS, SSL certificate and multi-step API checks, and how to set each one up.",
    icon: "check-circle",
  },
  {
    id: "features",
    name: "Features",
    description: "Status pages, incidents, monitor groups, regions and the rest of the toolbox.",
    icon: "sparkles",
  },
  {
    id: "billing",
    name: "Billing & Plans",
    description: "Plans and their limits, add-ons, payments and what counts towards your plan.",
    icon: "credit-card",
  },
  {
    id: "technical",
    name: "Technical Deep Dives",
    description:
      "How checks, latency, escalation and dependencies work under the hood, for those who like the details.",
    icon: "code",
  },
];

/** The category with this id, if it is one of the six. */
export function findCategoryInfo(id: string): CategoryInfo | undefined {
  return CATEGORIES.find((category) => category.id === id);
}

/** The icon to draw for a name, falling back to `code` for one we do not have. */
export function categoryIcon(name: string): CategoryIcon {
  return (CATEGORY_ICONS as readonly string[]).includes(name) ? (name as CategoryIcon) : "code";
}
