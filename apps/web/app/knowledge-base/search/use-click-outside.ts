import { type RefObject, useEffect } from "react";

/** Calls `onOutside` when the visitor presses anywhere outside the element. */
export function useClickOutside(element: RefObject<HTMLElement | null>, onOutside: () => void) {
  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      if (element.current && !element.current.contains(event.target as Node)) onOutside();
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [element, onOutside]);
}
