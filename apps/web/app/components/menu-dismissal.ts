/** The menu button's accessible name while the menu is open or closed. */
export function menuButtonLabel(open: boolean): string {
  return open ? "Close menu" : "Open menu";
}

export interface MenuElements {
  /** The element holding the button and the menu: a press outside it closes the menu. */
  container: HTMLElement;
  button: HTMLElement;
}

/**
 * While the small-screen menu is open: Escape closes it and gives the focus back to its button,
 * a press outside it closes it. Returns the function that stops listening.
 */
export function listenForMenuDismissal(menu: MenuElements, close: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    close();
    menu.button.focus();
  };
  const onPointer = (event: PointerEvent) => {
    if (!menu.container.contains(event.target as Node)) close();
  };
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", onPointer);
  return () => {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", onPointer);
  };
}
