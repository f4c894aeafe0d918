import type { Migration } from "kysely";

/** Every migration, in the order they apply. Names sort in that order too. */
export const migrations: Record<string, Migration> = {};
