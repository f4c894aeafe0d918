import { describe, expect, it } from "vitest";
import { contactMessageSchema, describeFirstIssue, newsletterSubscriptionSchema } from "./forms.ts";

const valid = { name: "Ada", email: "ada@example.com", subject: "Bug Report", message: "Hello" };

function detailFor(
  schema: typeof contactMessageSchema | typeof newsletterSubscriptionSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? undefined : describeFirstIssue(result.error);
}

describe("the contact message schema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: "  Ada  ", extra: "ignored" });
    expect(parsed).toEqual({ ...valid, name: "Ada" });
  });

  it("explains each missing or wrong field in a sentence", () => {
    expect(detailFor(contactMessageSchema, { ...valid, name: " " })).toBe(
      "Please enter your name.",
    );
    expect(detailFor(contactMessageSchema, { ...valid, email: "nope" })).toBe(
      "Please enter a valid email address.",
    );
    expect(detailFor(contactMessageSchema, { ...valid, subject: "Hi" })).toMatch(
      /^Please choose a subject: Technical Support/,
    );
    expect(detailFor(contactMessageSchema, { ...valid, message: undefined })).toBe(
      "Please write a message.",
    );
    expect(detailFor(contactMessageSchema, { ...valid, message: "x".repeat(5001) })).toBe(
      "Your message is too long (at most 5,000 characters).",
    );
    expect(detailFor(contactMessageSchema, "text")).toBe("The request body must be a JSON object.");
  });

  it("refuses line breaks in anything that reaches a mail header", () => {
    expect(detailFor(contactMessageSchema, { ...valid, name: "Ada\r\nBcc: x@y.z" })).toBe(
      "Your name cannot contain line breaks.",
    );
    expect(detailFor(contactMessageSchema, { ...valid, email: "a@b.c\nBcc: x@y.z" })).toBeDefined();
  });

  it("refuses a filled honeypot", () => {
    expect(detailFor(contactMessageSchema, { ...valid, website: "http://spam" })).toBe(
      "Your message could not be accepted.",
    );
  });
});

describe("the newsletter schema", () => {
  it("accepts an address and refuses anything without one", () => {
    expect(newsletterSubscriptionSchema.parse({ email: " a@b.co " })).toEqual({ email: "a@b.co" });
    expect(detailFor(newsletterSubscriptionSchema, { email: "" })).toBe(
      "Please enter a valid email address.",
    );
    expect(detailFor(newsletterSubscriptionSchema, {})).toBe("Please enter a valid email address.");
  });
});
