import { type AlertChannel, channelsOnPlan } from "./channels/index.ts";

/**
 * Plan identifiers, cheapest first; the last, `self-hosted`, is never sold: it is what the
 * self-hosted edition gives its accounts (every feature, no limits).
 */
export const PLAN_IDS = ["free", "hobby", "business", "enterprise", "self-hosted"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a plan allows; `null` means unlimited. */
export interface PlanLimits {
  monitors: number | null;
  agents: number | null;
  minIntervalSeconds: number;
  historyDays: number | null;
  users: number | null;
  apiRequestsPerHour: number | null;
  /** The channel types it includes, as each type lists its plans. */
  channels: readonly AlertChannel[];
  /** How many alert channels an account may have. */
  maxChannels: number | null;
  allCheckTypes: boolean;
  /** How many public status pages an account may publish. */
  statusPages: number | null;
  /** How many subscribers (pending or confirmed) one status page may hold. */
  subscribersPerPage: number | null;
  /** Whether pages may drop "Powered by Upwatch" and be served on the account's own domain. */
  whiteLabel: boolean;
  /** Whether the account keeps an audit log of who did what. */
  auditLog: boolean;
  /** Whether the account may sign its people in through its own OpenID Connect provider. */
  singleSignOn: boolean;
  /** Whether the account may define roles of its own from the fixed list of permissions. */
  customRoles: boolean;
  /** Whether the account gets SLA reports (app, CSV, PDF, API and monthly mail). */
  slaReports: boolean;
  /** Whether the account may build dashboards of its own, with wall mode and share links. */
  customDashboards: boolean;
  /** Whether the account's agents may report metrics of the operator's own. */
  customAgentMetrics: boolean;
  /** Whether the account chooses how long its history is kept, within what the server allows. */
  customRetention: boolean;
}

/** One plan as the pricing table and the engine both see it. */
export interface Plan {
  id: PlanId;
  name: string;
  /** Whole US dollars a month, or null when the price is agreed per customer. */
  monthlyPrice: number | null;
  /** Whole US dollars a year, or null when there is no yearly price. */
  yearlyPrice: number | null;
  /** Dollars saved a year by paying yearly instead of monthly. */
  yearlySavings: number | null;
  period: string;
  description: string;
  features: readonly string[];
  cta: string;
  /** Where the call to action leads: "register" (the app's sign-up) or "contact". */
  ctaLink: "register" | "contact";
  highlighted: boolean;
  badge?: string;
  limits: PlanLimits;
}

/** The plans on sale, the single source of plan facts: the site, the help centre and the engine read these. */
export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    monthlyPrice: 0,
    yearlyPrice: null,
    yearlySavings: null,
    period: "forever",
    description: "For a side project or a first look. No credit card needed.",
    features: [
      "10 monitors",
      "5-minute checks",
      "Basic monitor types: HTTP/HTTPS, keyword and ping",
      "Email alerts",
      "30-day history",
      "1 user",
      "Basic support",
    ],
    cta: "Start for free",
    ctaLink: "register",
    highlighted: false,
    limits: {
      monitors: 10,
      agents: 0,
      minIntervalSeconds: 300,
      historyDays: 30,
      users: 1,
      apiRequestsPerHour: 100,
      channels: channelsOnPlan("free"),
      maxChannels: 3,
      allCheckTypes: false,
      statusPages: 0,
      subscribersPerPage: 0,
      whiteLabel: false,
      auditLog: false,
      singleSignOn: false,
      customRoles: false,
      slaReports: false,
      customDashboards: false,
      customAgentMetrics: false,
      customRetention: false,
    },
  },
  {
    id: "hobby",
    name: "Hobby",
    monthlyPrice: 8,
    yearlyPrice: 84,
    yearlySavings: 12,
    period: "month",
    description: "Every check type at one-minute resolution for a personal stack.",
    features: [
      "10 monitors",
      "1-minute checks",
      "All monitor types, including SSL, DNS and multi-step API checks",
      "Multi-region checks",
      "SMS and webhook alerts",
      "Alerts in Slack, Teams, Discord, Google Chat, Mattermost, Telegram, Matrix, ntfy, Pushover and Gotify",
      "API access",
      "Performance analytics with DNS and TTFB timings",
      "Custom headers and authentication",
      "Branded status pages",
      "90-day history",
      "1 user",
      "Email support",
    ],
    cta: "Choose Hobby",
    ctaLink: "register",
    highlighted: false,
    limits: {
      monitors: 10,
      agents: 0,
      minIntervalSeconds: 60,
      historyDays: 90,
      users: 1,
      apiRequestsPerHour: 1000,
      channels: channelsOnPlan("hobby"),
      maxChannels: 10,
      allCheckTypes: true,
      statusPages: 3,
      subscribersPerPage: 1000,
      whiteLabel: false,
      auditLog: false,
      singleSignOn: false,
      customRoles: false,
      slaReports: false,
      customDashboards: false,
      customAgentMetrics: false,
      customRetention: false,
    },
  },
  {
    id: "business",
    name: "Business",
    monthlyPrice: 24,
    yearlyPrice: 240,
    yearlySavings: 48,
    period: "month",
    description: "For teams running production services and servers.",
    features: [
      "50 monitors",
      "5 monitoring agents",
      "1-minute checks",
      "Everything in Hobby",
      "Team collaboration",
      "Audit logs",
      "10 users",
      "Priority support",
    ],
    cta: "Choose Business",
    ctaLink: "register",
    highlighted: true,
    badge: "Most Popular",
    limits: {
      monitors: 50,
      agents: 5,
      minIntervalSeconds: 60,
      historyDays: 90,
      users: 10,
      apiRequestsPerHour: 1000,
      channels: channelsOnPlan("business"),
      maxChannels: 50,
      allCheckTypes: true,
      statusPages: 10,
      subscribersPerPage: 10000,
      whiteLabel: false,
      auditLog: true,
      singleSignOn: false,
      customRoles: false,
      slaReports: false,
      customDashboards: false,
      customAgentMetrics: false,
      customRetention: false,
    },
  },
  {
    id: "enterprise",
    name: "Enterprise+",
    monthlyPrice: null,
    yearlyPrice: null,
    yearlySavings: null,
    period: "custom",
    description: "Scale, compliance and a dedicated partner for large fleets.",
    features: [
      "1,000 monitors",
      "Unlimited agents",
      "30-second checks",
      "White-label status pages",
      "Status pages on your domain",
      "Custom dashboards with a wall display and share links",
      "Advanced SLA reporting: PDF, CSV and monthly mail",
      "SSO",
      "Custom roles",
      "On-premise deployment",
      "Custom SLA and retention",
      "PagerDuty and Opsgenie integrations",
      "Custom agent metrics in the Prometheus format",
      "Dedicated account manager",
      "Unlimited users",
    ],
    cta: "Contact sales",
    ctaLink: "contact",
    highlighted: false,
    limits: {
      monitors: 1000,
      agents: null,
      minIntervalSeconds: 30,
      historyDays: null,
      users: null,
      apiRequestsPerHour: 10000,
      channels: channelsOnPlan("enterprise"),
      maxChannels: null,
      allCheckTypes: true,
      statusPages: null,
      subscribersPerPage: null,
      whiteLabel: true,
      auditLog: true,
      singleSignOn: true,
      customRoles: true,
      slaReports: true,
      customDashboards: true,
      customAgentMetrics: true,
      customRetention: true,
    },
  },
];

/** Extra capacity sold on top of a plan, in whole US dollars. */
export const OVERAGE = {
  monitor: { monthly: 2, yearly: 20, plans: ["hobby", "business"] as PlanId[] },
  agent: { monthly: 2, yearly: 20, plans: ["business"] as PlanId[] },
} as const;

/** Status page add-ons sold on top of a plan, in whole US dollars a month. */
export const STATUS_PAGE_ADD_ONS = { lite: { monthly: 29 }, pro: { monthly: 79 } } as const;
export type StatusPageAddOn = keyof typeof STATUS_PAGE_ADD_ONS;

/** Price of one SMS alert on a paid plan, in US dollars. */
export const SMS_PRICE_USD = 0.2;
export const SMS_COUNTRIES = "190+";
export const MONEY_BACK_DAYS = 30;
export const MAX_INTERVAL_SECONDS = 3600;

/**
 * The plan of every account on a server run in the self-hosted edition: nothing is walled off
 * and nothing is counted; an operator who wants limits puts an account on a sold plan.
 */
export const SELF_HOSTED_PLAN: Plan = {
  id: "self-hosted",
  name: "Self-hosted",
  monthlyPrice: null,
  yearlyPrice: null,
  yearlySavings: null,
  period: "custom",
  description: "Every feature, without limits, on your own server.",
  features: [],
  cta: "",
  ctaLink: "contact",
  highlighted: false,
  limits: {
    monitors: null,
    agents: null,
    minIntervalSeconds: 30,
    historyDays: null,
    users: null,
    apiRequestsPerHour: null,
    channels: channelsOnPlan("self-hosted"),
    maxChannels: null,
    allCheckTypes: true,
    statusPages: null,
    subscribersPerPage: null,
    whiteLabel: true,
    auditLog: true,
    singleSignOn: true,
    customRoles: true,
    slaReports: true,
    customDashboards: true,
    customAgentMetrics: true,
    customRetention: true,
  },
};

/** Every plan an account can be on: the plans on sale and the self-hosted edition's. */
export const ALL_PLANS: readonly Plan[] = [...PLANS, SELF_HOSTED_PLAN];

/** Looks a plan up by id; throws for an id that is not a plan. */
export function getPlan(id: PlanId): Plan {
  const plan = ALL_PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}
