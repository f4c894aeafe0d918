// channel-record.ts still takes the box's type from here.
export type { SecretBox } from "../../secrets/secret-box.ts";
