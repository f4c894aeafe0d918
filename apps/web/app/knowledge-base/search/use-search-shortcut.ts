import { type RefObject, useEffect } from "react";

/** `/` (outside text fields) and Ctrl+K or Cmd+K put the cursor in the search box. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey);
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !isTyping(event);
      if (!commandK && !slash) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [input]);
}

function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
