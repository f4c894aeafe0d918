import { accountSettingsBody, accountSettingsResponse } from "./account-settings-schemas.ts";
import type { ApiOperation } from "./api-operation.ts";

/** The account's own settings (its time zone); `OPERATIONS` includes them. */
export const ACCOUNT_SETTINGS_OPERATIONS = {
  getAccountSettings: {
    method: "GET",
    url: "/account/settings",
    permission: "view",
    summary: "The account's time zone, in which calendar months and maintenance rules are read",
    tag: "Account",
    status: 200,
    response: accountSettingsResponse,
  },
  updateAccountSettings: {
    method: "PATCH",
    url: "/account/settings",
    permission: "account.own",
    summary: "Change the account's time zone (an IANA name such as Europe/Berlin)",
    tag: "Account",
    body: accountSettingsBody,
    status: 200,
    response: accountSettingsResponse,
  },
} as const satisfies Record<string, ApiOperation>;
