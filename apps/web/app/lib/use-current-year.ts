import { useSyncExternalStore } from "react";

declare const __BUILD_YEAR__: number;

const noSubscription = () => () => {};

/**
 * The calendar year: the build's year in the prerendered HTML and while hydrating (so the two
 * agree), the visitor's own year right after.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
