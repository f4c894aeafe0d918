import type { CheckView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { checksAsShown, checksTableShape } from "./checks-shown.ts";

const check = {
  id: "c1",
  checked_at: "2026-11-25T00:00:00.000Z",
  planned_at: "2026-11-25T00:00:00.000Z",
  status: "up",
  response_time_ms: 1200,
  timings: { dns_ms: null, connect_ms: null, tls_ms: null, first_byte_ms: null },
  status_code: null,
  error: null,
  region: "heartbeat",
  steps: null,
} as CheckView;

describe("the checks of the monitor page", () => {
  it("shows no DNS, connect, TLS or first-byte times for a heartbeat's checks", () => {
    const shown = checksAsShown([check], "heartbeat");
    expect(shown[0]?.timings).toBeNull();
    expect(checksTableShape(shown, true).phases).toBe(false);
  });

  it("keeps the phases of a scheduled check", () => {
    expect(checksTableShape(checksAsShown([check], "http"), false).phases).toBe(true);
  });

  it("leaves out the region and status code of a heartbeat's checks", () => {
    expect(checksTableShape([check], true).regionAndCode).toBe(false);
    expect(checksTableShape([check], false).regionAndCode).toBe(true);
  });

  it("says a heartbeat records a check when a ping arrives or is late, not within seconds", () => {
    expect(checksTableShape([], true).empty).not.toContain("within a few seconds");
    expect(checksTableShape([], true).empty).toContain("ping");
    expect(checksTableShape([], false).empty).toContain("within a few seconds");
  });
});
