import { listenForMenuDismissal, menuButtonLabel } from "../components/menu-dismissal.ts";

/**
 * The small-screen menu: the button opens and closes it; following a link in it, Escape and a
 * press outside close it.
 */
export function enhanceMenu(container: HTMLElement, button: HTMLButtonElement): void {
  const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!menu) return;
  let stopListening: (() => void) | undefined;
  const show = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", menuButtonLabel(open));
    menu.dataset.open = String(open);
    stopListening?.();
    stopListening = open
      ? listenForMenuDismissal({ container, button }, () => show(false))
      : undefined;
  };
  button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) show(false);
  });
}
