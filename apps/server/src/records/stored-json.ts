/** A JSON column's value, or null when it is empty or not JSON (a row written by hand). */
export function readStoredJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
