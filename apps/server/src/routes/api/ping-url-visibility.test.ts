import { ROLE_PERMISSIONS } from "@upwatch/core";
import { expect, it } from "vitest";
import type { LiveEvent } from "../../live/live-events.ts";
import type { AccountAccess } from "../../services/accounts/account-access.ts";
import { liveEventFor } from "./ping-url-visibility.ts";

const PING_URL = "https://upwatch.example.com/ping/q3Vx9Lm2Zt8Rb7Kc1Wn4Hs6Jd0Fg5Ya3Pe2Ui7Oo1Tr";

function accessAs(role: "viewer" | "member"): AccountAccess {
  return {
    accountId: "acc_1",
    plan: "business",
    role,
    permissions: new Set(ROLE_PERMISSIONS[role]),
  } as AccountAccess;
}

const heartbeatChanged = {
  name: "monitor",
  data: {
    monitor: {
      id: "mon_1",
      heartbeat: { ping_url: PING_URL, last_signal: "success" },
    },
  },
} as unknown as LiveEvent;

it("sends a viewer's live stream a heartbeat without its ping URL, and a member's with it", () => {
  const toViewer = liveEventFor(accessAs("viewer"), heartbeatChanged);
  expect(JSON.stringify(toViewer)).not.toContain(PING_URL);
  expect(JSON.stringify(toViewer)).toContain('"last_signal":"success"');
  expect(liveEventFor(accessAs("member"), heartbeatChanged)).toBe(heartbeatChanged);
});
