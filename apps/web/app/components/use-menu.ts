import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { listenForMenuDismissal } from "./menu-dismissal.ts";

export interface Menu {
  open: boolean;
  toggle(): void;
  close(): void;
  /** The element holding the button and the menu: a press outside it closes the menu. */
  containerRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/** Open/closed state of the small-screen menu: Escape, a press outside and navigation close it. */
export function useMenu(): Menu {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname, hash } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a route change.
  useEffect(close, [pathname, hash, close]);

  useEffect(() => {
    const container = containerRef.current;
    const button = buttonRef.current;
    if (!open || !container || !button) return;
    return listenForMenuDismissal({ container, button }, close);
  }, [open, close]);

  return { open, toggle, close, containerRef, buttonRef };
}
