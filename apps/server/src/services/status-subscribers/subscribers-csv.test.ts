import type { StatusSubscriberTable } from "@upwatch/db";
import { describe, expect, it } from "vitest";
import { subscribersCsv } from "./subscribers-csv.ts";

const subscriber = (email: string): StatusSubscriberTable => ({
  id: "ssub_1",
  page_id: "sp_1",
  email,
  email_key: email.toLowerCase(),
  status: "pending",
  confirmation_sent_at: 0,
  confirmed_at: null,
  unsubscribed_at: null,
  created_at: Date.parse("2026-12-01T10:00:00Z"),
  updated_at: 0,
});

describe("the subscribers CSV", () => {
  it("has a header line and one line per subscriber, with empty cells for missing times", () => {
    expect(subscribersCsv([subscriber("a@example.com")])).toBe(
      "email,status,subscribed,confirmed,unsubscribed\r\na@example.com,pending,2026-12-01T10:00:00.000Z,,\r\n",
    );
  });

  it("defuses every cell a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@"]) {
      const line = subscribersCsv([subscriber(`${start}x@example.com`)]).split("\r\n")[1];
      expect(line?.startsWith(`'${start}x@example.com,`)).toBe(true);
    }
  });

  it("quotes cells with commas or quotes", () => {
    const line = subscribersCsv([subscriber('"a,b"@example.com')]).split("\r\n")[1];
    expect(line?.startsWith('"""a,b""@example.com",')).toBe(true);
  });
});
