/**
 * Stripe's form encoding, read back: `items[0][price]=p&expand[0]=x` as
 * `{ items: [{ price: "p" }], expand: ["x"] }`. Values stay strings, as they travel.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) throw new Error(`Invalid parameter name "${name}".`);
    const path = [
      match[1] ?? "",
      ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ""),
    ];
    assign(root, path, value);
  }
  return arraysOf(root) as Record<string, unknown>;
}

function assign(target: Record<string, unknown>, path: string[], value: string): void {
  let node = target;
  for (const [index, part] of path.entries()) {
    const key = part === "" ? String(Object.keys(node).length) : part;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || next === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
}

/** Objects keyed 0, 1, 2... were lists. */
function arraysOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, inner]) => [key, arraysOf(inner)] as const,
  );
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}
