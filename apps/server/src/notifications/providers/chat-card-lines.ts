import { clockTimeUtc, dateTimeUtc } from "./alert-facts.ts";
import type { ChatCard, ChatFact } from "./chat-card.ts";

/** "Opened 09:14 UTC", or "Down for 23 minutes" once it is over; null for a test. */
export function whenLine(card: ChatCard): string | null {
  if (card.lasted) return `${card.lasted.name} ${card.lasted.value}`;
  return card.openedAt === null ? null : `Opened ${clockTimeUtc(card.openedAt)}`;
}

const capitalised = (word: string) => `${word.charAt(0)}${word.slice(1).toLowerCase()}`;

/**
 * The few facts a compact message shows instead of the full list: the severity, when it opened
 * and the notification's number, or when it opened and how long it lasted once it is over.
 */
export function briefFacts(card: ChatCard): ChatFact[] {
  if (card.tone === "test") return [];
  const opened =
    card.openedAt === null ? [] : [{ name: "Opened", value: dateTimeUtc(card.openedAt) }];
  if (card.lasted) return [...opened, card.lasted];
  return [
    { name: "Severity", value: capitalised(card.label) },
    ...opened,
    ...(card.repeat === null ? [] : [{ name: "Notification", value: card.repeat }]),
  ];
}
