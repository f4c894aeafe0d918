import { describe, expect, it } from "vitest";
import { proxyUnavailableReason } from "./proxy-reason.ts";

const key = { prefix: "uwa_abcd", created_at: "2026-11-24T10:00:00.000Z" };

describe("why an agent cannot run checks for the server", () => {
  it("says nothing of an agent that can", () => {
    expect(
      proxyUnavailableReason({
        version: "2.1.0",
        capabilities: ["proxy-checks"],
        key,
      }),
    ).toBeNull();
  });

  it("names an older version and the version needed", () => {
    expect(proxyUnavailableReason({ version: "2.0.0", capabilities: [], key })).toBe(
      "version 2.0.0: needs 2.1.0 or newer",
    );
  });

  it("says an agent that never reported has no version yet", () => {
    expect(proxyUnavailableReason({ version: null, capabilities: [], key })).toBe(
      "it has not reported yet",
    );
  });

  it("says a new enough version without the capability does not offer proxy checks", () => {
    expect(proxyUnavailableReason({ version: "2.2.0", capabilities: [], key })).toBe(
      "version 2.2.0 does not offer proxy checks",
    );
  });

  it("puts a revoked key first, whatever the version", () => {
    expect(
      proxyUnavailableReason({
        version: "2.1.0",
        capabilities: ["proxy-checks"],
        key: null,
      }),
    ).toBe("its key was revoked");
  });
});
