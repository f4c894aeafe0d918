import type { Channel, TestResult } from "@upwatch/api";
import { type AlertChannel, getPlan, PLANS, type PlanId } from "@upwatch/core";

interface ChannelTypeInfo {
  label: string;
  /** The one setting of the type: its key in `config`, its label and how to fill it. */
  field: {
    key: string;
    label: string;
    hint: string;
    placeholder: string;
    inputType: "email" | "tel" | "url";
    autoComplete: string;
  };
  description: string;
}

/** What the forms and lists say about each channel type. */
export const CHANNEL_TYPES: Record<AlertChannel, ChannelTypeInfo> = {
  email: {
    label: "E-mail",
    description: "Alerts as e-mails to one address (a person or a team list).",
    field: {
      key: "address",
      label: "E-mail address",
      hint: "Where alerts are sent. An address other than your own first gets one mail asking it to confirm.",
      placeholder: "oncall@example.com",
      inputType: "email",
      autoComplete: "email",
    },
  },
  sms: {
    label: "SMS",
    description: "A text message to a phone, for the alerts that must wake someone.",
    field: {
      key: "phone",
      label: "Phone number",
      hint: "International format: + and the country code, no spaces, such as +64211234567.",
      placeholder: "+64211234567",
      inputType: "tel",
      autoComplete: "tel",
    },
  },
  slack: {
    label: "Slack",
    description: "Messages in a Slack channel through an incoming webhook.",
    field: {
      key: "url",
      label: "Slack incoming webhook URL",
      hint: "In Slack: Apps > Incoming Webhooks > Add to Slack, choose the channel, copy the URL.",
      placeholder: "https://hooks.slack.com/services/...",
      inputType: "url",
      autoComplete: "off",
    },
  },
  webhook: {
    label: "Webhook",
    description: "A signed JSON POST to your own endpoint, for any other tool.",
    field: {
      key: "url",
      label: "Endpoint URL",
      hint: "Upwatch POSTs JSON here, signed with the channel's secret (shown once after saving).",
      placeholder: "https://hooks.example.com/upwatch",
      inputType: "url",
      autoComplete: "off",
    },
  },
};

/** The cheapest plan that includes a channel type, when the account's plan does not. */
export function planNeededFor(type: AlertChannel, current: PlanId): string | undefined {
  if (getPlan(current).limits.channels.includes(type)) return undefined;
  return PLANS.find((plan) => plan.limits.channels.includes(type))?.name;
}

/** Where the channel's alerts go, in a few words ("oncall@example.com"). */
export function destinationOf(channel: Channel): string {
  const key = CHANNEL_TYPES[channel.type].field.key;
  return channel.config[key] ?? "";
}

/** "Delivered", "Failed", "Timed out", "Waiting". */
export function deliveryStatusLabel(status: TestResult["status"]): string {
  return { delivered: "Delivered", failed: "Failed", timeout: "Timed out", pending: "Waiting" }[
    status
  ];
}

export function deliveryTone(status: TestResult["status"]): "success" | "danger" | "muted" {
  if (status === "delivered") return "success";
  return status === "pending" ? "muted" : "danger";
}

/** The notification event in words. */
export function eventLabel(event: string): string {
  const labels: Record<string, string> = {
    "monitor.down": "Monitor down",
    "monitor.up": "Monitor up",
    "alert.escalated": "Alert escalated",
    "alert.resolved": "Alert resolved",
    "ssl.expiring": "Certificate expiring",
    test: "Test",
  };
  return labels[event] ?? event;
}
