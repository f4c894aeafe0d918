/** The product's name: every title, mail and page reads it from here. */
export const PRODUCT_NAME = "Upwatch";

/** Builds a document title such as "Contact | Upwatch". */
export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}
