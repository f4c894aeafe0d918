import type { Migration } from "kysely";
import { formsMigration } from "./2026_11_21_0001_forms.ts";

/** Every migration, in the order they apply. Names sort in that order too. */
export const migrations: Record<string, Migration> = {
  "2026_11_21_0001_forms": formsMigration,
};
