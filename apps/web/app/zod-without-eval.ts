import { config } from "zod";

// zod decides whether to compile its object parsers when a schema is created; the pages' policy
// forbids compiling code at run time, so the root module imports this before anything else: any
// page may load @upwatch/core, whose modules make schemas as they load.
config({ jitless: true });
