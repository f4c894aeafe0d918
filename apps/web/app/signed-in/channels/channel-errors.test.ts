import { describe, expect, it } from "vitest";
import {
  channelErrorsFrom,
  initialSettings,
  settingErrors,
  settingsToSend,
} from "./channel-errors.ts";

describe("channel form errors", () => {
  it("puts a plan refusal next to the type chooser", () => {
    const detail =
      "Webhook alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.";
    expect(channelErrorsFrom("webhook", 403, detail)).toEqual({ type: detail });
  });

  it("puts the server's word on a setting under that field, without the API's field name", () => {
    expect(channelErrorsFrom("email", 400, "config.address must be an e-mail address.")).toEqual({
      "config.address": "This must be an e-mail address.",
    });
    expect(
      channelErrorsFrom(
        "slack",
        400,
        "config: The address 10.0.0.1 is private; only public addresses are allowed.",
      ),
    ).toEqual({
      "config.url": "The address 10.0.0.1 is private; only public addresses are allowed.",
    });
  });

  it("keeps other refusals for the whole form", () => {
    expect(channelErrorsFrom("email", 404, "There is no channel ch_1 in this account.")).toEqual({
      form: "There is no channel ch_1 in this account.",
    });
  });

  it("checks each type's settings before asking the server", () => {
    const check = (type: Parameters<typeof settingErrors>[0], value: string) =>
      Object.values(settingErrors(type, { ...initialSettings(type), [firstKey(type)]: value }))[0];
    expect(check("email", "oncall@example.com")).toBeUndefined();
    expect(check("email", "oncall")).toMatch(/e-mail address like/);
    expect(check("sms", "+64 21 123 4567")).toMatch(/international format/);
    expect(check("sms", "+64211234567")).toBeUndefined();
    expect(check("webhook", "hooks.example.com")).toMatch(/https:\/\//);
    expect(check("slack", "")).toMatch(/Enter the URL/);
  });

  it("sends the settings trimmed", () => {
    expect(settingsToSend("email", { address: "  oncall@example.com " })).toEqual({
      address: "oncall@example.com",
    });
  });
});

function firstKey(type: Parameters<typeof initialSettings>[0]): string {
  return Object.keys(initialSettings(type))[0] ?? "";
}
