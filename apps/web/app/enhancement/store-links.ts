/** Puts in the store buttons the server gave an address, or the coming-soon note when none. */
export function showConfiguredStoreLinks(template: HTMLTemplateElement): void {
  const content = template.content.cloneNode(true) as DocumentFragment;
  for (const link of content.querySelectorAll("a")) {
    if (!link.getAttribute("href")) link.remove();
  }
  if (content.querySelector("a")) content.querySelector(".store-soon")?.remove();
  template.replaceWith(content);
}
