const REFERENCE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Replaces each `{{ name }}` with its value; `missing` is the first name without one. */
export function fillTemplate(
  text: string,
  values: Record<string, string>,
): { text: string } | { missing: string } {
  let missing: string | undefined;
  const filled = text.replace(REFERENCE, (reference, name: string) => {
    if (Object.hasOwn(values, name)) return values[name] as string;
    missing ??= name;
    return reference;
  });
  return missing === undefined ? { text: filled } : { missing };
}
