/** The prerendered copyright line carries the build's year; the visitor sees their own. */
export function showCurrentYear(element: Element): void {
  const year = String(new Date().getFullYear());
  if (element.textContent !== year) element.textContent = year;
}
