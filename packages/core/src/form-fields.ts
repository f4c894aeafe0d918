// The public forms' fields and limits, without the validation library, so a page can show a
// form without loading it.

/** The six subjects a visitor can choose on the contact form, in the order shown. */
export const CONTACT_SUBJECTS = [
  "Technical Support",
  "Billing Question",
  "Feature Request",
  "Sales Inquiry",
  "General Question",
  "Bug Report",
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** The spec's newsletter validation message, used by the site and the server alike. */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
