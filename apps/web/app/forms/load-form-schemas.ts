/**
 * The shared zod schemas, loaded on demand so the validation library stays off first load. In
 * the browser zod runs without compiling code at run time, which the page's policy forbids.
 */
export async function loadFormSchemas() {
  const [zod, schemas] = await Promise.all([import("zod"), import("@upwatch/core/forms")]);
  zod.config({ jitless: true });
  return schemas;
}
