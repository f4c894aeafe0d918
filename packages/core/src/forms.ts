import { z } from "zod";
import { CONTACT_LIMITS, CONTACT_SUBJECTS, INVALID_EMAIL_MESSAGE } from "./form-fields.ts";
import { storableText } from "./storable-text.ts";

export * from "./form-fields.ts";

/**
 * Fields a human never fills: the honeypot stays empty, and the form reports how long it was
 * open. Both are optional so plain API clients sending only the documented fields still work.
 */
const antiSpamFields = {
  website: z.string().max(0, { message: "Your message could not be accepted." }).optional(),
  elapsedMs: z.number().int().nonnegative().optional(),
};

const singleLine = (field: string) =>
  z
    .string()
    .refine((value) => !/[\r\n]/.test(value), { message: `${field} cannot contain line breaks.` });

/** An e-mail address as every form takes it: trimmed, one line, at most 254 characters. */
export const emailAddressSchema = z
  .string({ message: `${INVALID_EMAIL_MESSAGE}.` })
  .check(storableText("The email address"))
  .trim()
  .max(CONTACT_LIMITS.email, { message: "That email address is too long." })
  .pipe(singleLine("The email address"))
  .pipe(z.string().email({ message: `${INVALID_EMAIL_MESSAGE}.` }));

/** `POST /public/contact`: what a contact message must look like. Unknown fields are ignored. */
export const contactMessageSchema = z.object({
  name: z
    .string({ message: "Please enter your name." })
    .check(storableText("Your name"))
    .trim()
    .min(1, { message: "Please enter your name." })
    .max(CONTACT_LIMITS.name, {
      message: `Your name is too long (at most ${CONTACT_LIMITS.name} characters).`,
    })
    .pipe(singleLine("Your name")),
  email: emailAddressSchema,
  subject: z.enum(CONTACT_SUBJECTS, {
    message: `Please choose a subject: ${CONTACT_SUBJECTS.join(", ")}.`,
  }),
  message: z
    .string({ message: "Please write a message." })
    .check(storableText("Your message"))
    .trim()
    .min(1, { message: "Please write a message." })
    .max(CONTACT_LIMITS.message, {
      message: `Your message is too long (at most ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters).`,
    }),
  ...antiSpamFields,
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** `POST /email-subscriptions/subscribe`: an e-mail address. Unknown fields are ignored. */
export const newsletterSubscriptionSchema = z.object({
  email: emailAddressSchema,
  ...antiSpamFields,
});
export type NewsletterSubscriptionInput = z.infer<typeof newsletterSubscriptionSchema>;

/** The first problem of a failed parse, as the one sentence a person reads. */
export function describeFirstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  if (issue.code === "invalid_type" && issue.path.length === 0) {
    return "The request body must be a JSON object.";
  }
  return issue.message;
}
