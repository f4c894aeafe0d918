import type { ApiOperation } from "./api-operation.ts";
import { historySettingBody, historySettingResponse } from "./history-schemas.ts";

/** How long the account keeps its check history; `OPERATIONS` includes them. */
export const HISTORY_OPERATIONS = {
  getHistorySetting: {
    method: "GET",
    url: "/account/history",
    permission: "view",
    summary: "How many days of check history the account keeps, and what it may choose",
    tag: "Account",
    status: 200,
    response: historySettingResponse,
  },
  updateHistorySetting: {
    method: "PUT",
    url: "/account/history",
    permission: "billing",
    summary:
      "Choose how many days of check history the account keeps (Enterprise+ and self-hosted)",
    tag: "Account",
    body: historySettingBody,
    status: 200,
    response: historySettingResponse,
    errors: {
      "403":
        "The plan keeps a fixed history (choosing it needs Enterprise+), or the role may not change it",
    },
  },
} as const satisfies Record<string, ApiOperation>;
