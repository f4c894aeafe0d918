/** The shared zod schemas, loaded on demand so the validation library stays off first load. */
export function loadFormSchemas() {
  return import("@upwatch/core/forms");
}
