import type { ApiKeyScope } from "@upwatch/core";

/** How each key scope is named and explained on the API keys screen. */
export const API_KEY_SCOPE_TEXT: Record<ApiKeyScope, { label: string; hint: string }> = {
  read: {
    label: "Read only",
    hint: "Reads monitors, checks, alerts and the rest; every change is refused.",
  },
  full: {
    label: "Full access",
    hint: "Does everything an admin may: monitors, alerts, channels, status pages, keys.",
  },
};
