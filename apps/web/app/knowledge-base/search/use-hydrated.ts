import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False while the prerendered page is being hydrated, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
