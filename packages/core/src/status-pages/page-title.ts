/**
 * A status page's title: its name followed by "status", unless the name already ends with that
 * word ("Acme status" stays "Acme status", never "Acme status status").
 */
export function statusPageTitle(pageName: string): string {
  return /(^|\s)status$/i.test(pageName) ? pageName : `${pageName} status`;
}
