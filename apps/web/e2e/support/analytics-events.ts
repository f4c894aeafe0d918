import type { Page } from "playwright-core";

/** An event the record adapter kept; `at` is the page's `performance.now()` when it was tracked. */
export interface RecordedEvent {
  name: string;
  at: number;
  [field: string]: unknown;
}

/** The events the record adapter kept so far in this page. */
export function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(
    () =>
      (window as unknown as { upwatchAnalyticsEvents?: RecordedEvent[] }).upwatchAnalyticsEvents ??
      [],
  );
}

/** Waits until an event with this name (and matching fields) was recorded, and returns it. */
export async function waitForEvent(
  page: Page,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<RecordedEvent> {
  const handle = await page.waitForFunction(
    ({ name, fields }) => {
      const events =
        (window as unknown as { upwatchAnalyticsEvents?: Record<string, unknown>[] })
          .upwatchAnalyticsEvents ?? [];
      return events.find(
        (event) =>
          event.name === name &&
          Object.entries(fields).every(([key, value]) => event[key] === value),
      );
    },
    { name, fields },
  );
  return (await handle.jsonValue()) as RecordedEvent;
}
