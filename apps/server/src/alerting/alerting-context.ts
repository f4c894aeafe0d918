import type { ServiceContext } from "../services/context.ts";

/** What the alert engine needs besides storage: the time, ids and where alert pages live. */
export interface AlertingContext extends Pick<ServiceContext, "now" | "newId"> {
  /** The server's public origin; alert pages are `${linkBase}/a/<token>`. */
  linkBase: string;
}

/** The page of an alert, linked from its notifications, where it can be acknowledged. */
export function alertPageUrl(actx: Pick<AlertingContext, "linkBase">, pageToken: string): string {
  return `${actx.linkBase}/a/${pageToken}`;
}
