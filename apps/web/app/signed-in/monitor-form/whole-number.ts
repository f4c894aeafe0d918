/** A whole number typed into a field, or NaN so the schema names the problem. */
export function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
