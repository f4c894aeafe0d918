import { useSyncExternalStore } from "react";
import { currentTheme, subscribeToTheme, type Theme } from "./theme.ts";

/** The theme on screen; "dark" while prerendering and hydrating, as in the served HTML. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeToTheme, currentTheme, () => "dark");
}
