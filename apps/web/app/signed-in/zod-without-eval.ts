import { config } from "zod";

// zod decides whether to compile its object parsers when a schema is created; the pages' policy
// forbids compiling code at run time, so this runs before any schema of @upwatch/core is made.
config({ jitless: true });
