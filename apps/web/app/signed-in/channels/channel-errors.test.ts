import { describe, expect, it } from "vitest";
import { channelErrorsFrom, destinationError } from "./channel-errors.ts";

describe("channel form errors", () => {
  it("puts a plan refusal next to the type chooser", () => {
    const detail =
      "Webhook alerts need the Hobby plan or above; the Free plan sends e-mail alerts only.";
    expect(channelErrorsFrom(403, detail)).toEqual({ type: detail });
  });

  it("puts the server's word on the destination under that field, without the API's field name", () => {
    expect(channelErrorsFrom(400, "config.address must be an e-mail address.")).toEqual({
      destination: "This must be an e-mail address.",
    });
    expect(
      channelErrorsFrom(
        400,
        "config: The address 10.0.0.1 is private; only public addresses are allowed.",
      ),
    ).toEqual({
      destination: "The address 10.0.0.1 is private; only public addresses are allowed.",
    });
  });

  it("keeps other refusals for the whole form", () => {
    expect(channelErrorsFrom(404, "There is no channel ch_1 in this account.")).toEqual({
      form: "There is no channel ch_1 in this account.",
    });
  });

  it("checks each type's destination before asking the server", () => {
    expect(destinationError("email", "oncall@example.com")).toBeUndefined();
    expect(destinationError("email", "oncall")).toMatch(/e-mail address like/);
    expect(destinationError("sms", "+64 21 123 4567")).toMatch(/international format/);
    expect(destinationError("sms", "+64211234567")).toBeUndefined();
    expect(destinationError("webhook", "hooks.example.com")).toMatch(/https:\/\//);
    expect(destinationError("slack", "")).toMatch(/Enter the URL/);
  });
});
