import type { AppAccount } from "./app-account.ts";

/** What the tests read of a monitor the API made. */
export interface CreatedMonitor {
  id: string;
  name: string;
}

/** Creates an HTTP monitor through the API with the settings the tests need. */
export function createHttpMonitor(
  account: AppAccount,
  input: {
    name: string;
    target: string;
    group_ids?: string[];
    failure_threshold?: number;
    paused?: boolean;
  },
): Promise<CreatedMonitor> {
  return account.api<CreatedMonitor>("POST", "/monitors", {
    type: "http",
    failure_threshold: 1,
    ...input,
  });
}

/** Waits until every monitor given has been checked at least once. */
export async function waitForFirstChecks(
  account: AppAccount,
  ids: string[],
  withinMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const { data } = await account.api<{ data: { id: string; last_checked_at: string | null }[] }>(
      "GET",
      "/monitors",
    );
    if (ids.every((id) => data.find((m) => m.id === id)?.last_checked_at)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The monitors were not checked within ${withinMs / 1000} seconds.`);
}

/**
 * Checks a monitor now through the API. The server refuses within 5 seconds of its last check
 * (a scheduled one may have just run), so this waits and asks again, as a person would.
 */
export async function checkNow(account: AppAccount, id: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      await account.api("POST", `/monitors/${id}/check`);
      return;
    } catch (error) {
      if (!String(error).includes("answered 429")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  throw new Error("Check now was refused four times.");
}
