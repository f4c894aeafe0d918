import type { Channel, TestResult } from "@upwatch/api";
import {
  type AlertChannel,
  type ChannelField,
  channelType,
  getPlan,
  PLANS,
  type PlanId,
} from "@upwatch/core";

/** The cheapest plan that includes a channel type, when the account's plan does not. */
export function planNeededFor(type: AlertChannel, current: PlanId): string | undefined {
  if (getPlan(current).limits.channels.includes(type)) return undefined;
  return PLANS.find((plan) => plan.limits.channels.includes(type))?.name;
}

/** Where the channel's alerts go, in a few words ("oncall@example.com"). */
export function destinationOf(channel: Channel): string {
  const key = channelType(channel.type).fields[0].key;
  return channel.config[key] ?? "";
}

/** A setting as the channel's page shows it: a choice by its label, anything else as stored. */
export function settingShown(field: ChannelField, config: Record<string, string>): string {
  const value = config[field.key] ?? "";
  return field.options?.find((option) => option.value === value)?.label ?? value;
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
    "alert.acknowledged": "Alert acknowledged",
    "ssl.expiring": "Certificate expiring",
    test: "Test",
  };
  return labels[event] ?? event;
}
