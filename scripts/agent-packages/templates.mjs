// The packaging templates (unit, example configuration, launcher, maintainer scripts) live in
// packaging/agent; this reads them and fills in their @NAME@ placeholders.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const templates = fileURLToPath(new URL("../../packaging/agent/", import.meta.url));

/** The path of a packaging template. */
export function templatePath(name) {
  return `${templates}${name}`;
}

/** A template's text with each `@KEY@` replaced by its value. */
export function fillTemplate(name, values = {}) {
  return readFileSync(templatePath(name), "utf8").replace(/@([A-Z]+)@/g, (whole, key) => {
    if (!(key in values)) throw new Error(`The template ${name} needs a value for ${whole}.`);
    return values[key];
  });
}
