import { describe, expect, it } from "vitest";
import { followUp } from "./newsletter-submission.ts";

describe("the newsletter thank-you", () => {
  it("adds what the server asks of the subscriber without repeating the thanks", () => {
    expect(
      followUp("Thanks for subscribing! Please confirm with the link we just e-mailed you."),
    ).toBe("Please confirm with the link we just e-mailed you.");
  });

  it("adds nothing when the server says nothing new", () => {
    expect(followUp(undefined)).toBe("");
    expect(followUp("Thanks for subscribing! We'll keep you updated.")).toBe("");
  });
});
