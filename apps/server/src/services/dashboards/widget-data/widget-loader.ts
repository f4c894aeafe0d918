import type { WidgetData } from "@upwatch/api";
import type { WidgetSettings, WidgetType } from "@upwatch/core";
import type { AccountAccess } from "../../accounts/account-access.ts";
import type { ServiceContext } from "../../context.ts";

/** Who a board's figures are read for: the board's account, whoever looks at it. */
export interface WidgetSource {
  ctx: ServiceContext;
  access: AccountAccess;
}

/** Reads what one kind of widget shows, through the same verbs the rest of the app uses. */
export type WidgetLoader<T extends WidgetType> = (
  source: WidgetSource,
  settings: WidgetSettings<T>,
) => Promise<Extract<WidgetData, { type: T }>>;
