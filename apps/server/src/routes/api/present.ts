// The agent task list still reads the time format here; its home is time.ts.
export { isoTime as iso } from "../../time.ts";
