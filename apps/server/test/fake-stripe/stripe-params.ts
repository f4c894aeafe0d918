import { badParameter } from "./stripe-error.ts";

/** A string parameter; a missing required one is refused as Stripe refuses it. */
export function text(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw badParameter(name, `Invalid string: ${name}`);
  return value;
}

export function required(body: Record<string, unknown>, name: string): string {
  const value = text(body, name);
  if (value === undefined || value === "") {
    throw badParameter(name, `Missing required param: ${name}.`);
  }
  return value;
}

/** A whole-number parameter (amounts in cents, quantities). */
export function whole(body: Record<string, unknown>, name: string): number | undefined {
  const value = text(body, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw badParameter(name, `Invalid integer: ${value}`);
  return Number(value);
}

export function flag(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = text(body, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw badParameter(name, `Invalid boolean: ${value}`);
  return value === "true";
}

export function record(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = body[name];
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badParameter(name, `Invalid object: ${name}`);
  }
  return value as Record<string, unknown>;
}

export function list(body: Record<string, unknown>, name: string): unknown[] {
  const value = body[name];
  if (value === undefined || value === "") return [];
  if (!Array.isArray(value)) throw badParameter(name, `Invalid array: ${name}`);
  return value;
}

/** Metadata as Stripe keeps it: string values. */
export function metadata(body: Record<string, unknown>, name = "metadata"): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record(body, name)).map(([key, value]) => [key, String(value)]),
  );
}
