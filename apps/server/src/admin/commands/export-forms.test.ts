import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/databases.ts";
import { TEST_SECRETS } from "../../../test/secrets.ts";
import { submitContactMessage } from "../../services/contact/submit-contact-message.ts";
import { createServiceContext } from "../../services/context.ts";
import { exportContacts, exportSubscribers } from "./export-forms.ts";

describeEachDatabase("operator exports", (db) => {
  it("exports the contact messages received since a moment as CSV and JSON", async () => {
    const at = { now: Date.UTC(2024, 11, 30, 9) };
    const ctx = createServiceContext(db().handle.db, TEST_SECRETS, { now: () => at.now });
    const message = {
      name: "Old",
      email: "old@example.com",
      subject: "Bug Report" as const,
      message: "Earlier",
    };
    await submitContactMessage(ctx, message, {}, "help@example.com");
    at.now = Date.UTC(2024, 11, 31, 9);
    await submitContactMessage(
      ctx,
      { ...message, name: "New, Person", message: 'Says "hi"' },
      { ip: "203.0.113.9" },
      "help@example.com",
    );

    const csv = await exportContacts(db().handle.db, Date.UTC(2024, 11, 31), "csv");
    expect(csv.split("\r\n")[0]).toBe("id,created_at,name,email,subject,message,ip");
    expect(csv).toContain(
      '2024-12-31T09:00:00.000Z,"New, Person",old@example.com,Bug Report,"Says ""hi""",203.0.113.9',
    );
    expect(csv).not.toContain("Earlier");

    const json = JSON.parse(await exportContacts(db().handle.db, 0, "json"));
    expect(json.map((row: { name: string }) => row.name)).toEqual(["Old", "New, Person"]);
  });

  it("exports subscribers with their status", async () => {
    await db()
      .handle.db.insertInto("newsletter_subscribers")
      .values({
        id: "sub_1",
        email: "Reader@example.com",
        email_key: "reader@example.com",
        status: "confirmed",
        created_at: Date.UTC(2024, 11, 1),
        updated_at: Date.UTC(2024, 11, 2),
        confirmation_sent_at: Date.UTC(2024, 11, 1),
        confirmed_at: Date.UTC(2024, 11, 2),
        unsubscribed_at: null,
      })
      .execute();
    const csv = await exportSubscribers(db().handle.db, 0, "csv");
    expect(csv).toContain(
      "sub_1,2024-12-01T00:00:00.000Z,Reader@example.com,confirmed,2024-12-02T00:00:00.000Z,",
    );
  });
});
