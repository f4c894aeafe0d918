import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  certificateDaysLeft,
  raisesSslAlert,
  SSL_EXPIRY_THRESHOLDS,
  type SslExpiryThreshold,
  sslExpirySeverity,
  sslExpiryThreshold,
} from "./ssl-expiry.ts";

const DAY = 86_400_000;

describe("certificate expiry alerts", () => {
  it("warn at 30 and 14 days and turn critical at 7", () => {
    expect([45, 31, 30, 20, 14, 8, 7, 1, 0, -3].map(sslExpiryThreshold)).toEqual([
      null,
      null,
      30,
      30,
      14,
      14,
      7,
      7,
      7,
      7,
    ]);
    expect(SSL_EXPIRY_THRESHOLDS.map(sslExpirySeverity)).toEqual([
      "critical",
      "warning",
      "warning",
    ]);
    expect(certificateDaysLeft(10 * DAY + 5, 0)).toBe(10);
  });

  it("raise each threshold at most once per certificate, and never after a more urgent one", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 60 }), (days) => {
        const raised: SslExpiryThreshold[] = [];
        for (const left of days) {
          const threshold = sslExpiryThreshold(left);
          if (threshold !== null && raisesSslAlert(raised, threshold)) raised.push(threshold);
        }
        expect(new Set(raised).size).toBe(raised.length);
        for (let i = 1; i < raised.length; i++) expect(raised[i]!).toBeLessThan(raised[i - 1]!);
      }),
    );
  });
});
