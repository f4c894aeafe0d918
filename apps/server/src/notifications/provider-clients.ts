import { ALERT_CHANNELS, type AlertChannel } from "@upwatch/core";
import type { Config } from "../config.ts";
import { NOTIFICATION_PROVIDERS } from "./providers/index.ts";

/** The clients providers send through, by channel type; a type set up without one is absent. */
export type ProviderClients = Partial<Record<AlertChannel, unknown>>;

/** Makes each provider's declared client from the configuration, once, when the server starts. */
export function providerClients(config: Config): ProviderClients {
  const clients: ProviderClients = {};
  for (const type of ALERT_CHANNELS) {
    const client = NOTIFICATION_PROVIDERS[type].setUp?.client(config);
    if (client !== undefined) clients[type] = client;
  }
  return clients;
}

/** Why each channel type that needs a client the server lacks cannot be used here. */
export function missingSetUps(clients: ProviderClients): Partial<Record<AlertChannel, string>> {
  const missing: Partial<Record<AlertChannel, string>> = {};
  for (const type of ALERT_CHANNELS) {
    const setUp = NOTIFICATION_PROVIDERS[type].setUp;
    if (setUp && clients[type] === undefined) missing[type] = setUp.missing;
  }
  return missing;
}
