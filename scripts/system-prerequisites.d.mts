/** The PostgreSQL server the system tests make their schemas in. */
export function systemDatabaseUrl(): string;

/** Sentences naming what is missing for the system tests; empty when they can run. */
export function systemTestBlockers(): Promise<string[]>;
