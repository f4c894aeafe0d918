export type Theme = "dark" | "light";

/** The localStorage key that remembers the visitor's choice. */
export const THEME_STORAGE_KEY = "upwatch-theme";
const CHANGE_EVENT = "upwatch-theme-change";

/**
 * Runs in the document head before the first paint: applies the remembered theme (dark unless
 * the visitor chose light, whatever the OS prefers) and marks that scripts run.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,t="dark";try{if(localStorage.getItem("${THEME_STORAGE_KEY}")==="light")t="light"}catch(e){}d.dataset.theme=t;d.classList.add("js")})()`;

/**
 * Does what the head script does, for when React rebuilds the document (the error screen
 * replaces the whole tree and resets the attributes of <html>).
 */
export function applyRememberedTheme(): void {
  let theme: Theme = "dark";
  try {
    if (localStorage.getItem(THEME_STORAGE_KEY) === "light") theme = "light";
  } catch {
    // Storage can be disabled; dark stands.
  }
  document.documentElement.dataset.theme = theme;
  document.documentElement.classList.add("js");
}

/** The theme on screen now. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "light" ? "light" : "dark";
}

/** The theme the toggle switches to from `theme`. */
export function otherTheme(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}

/** The toggle's accessible name and tooltip while `theme` is on screen. */
export function themeToggleLabel(theme: Theme): string {
  return `Switch to ${otherTheme(theme)} theme`;
}

/** Calls `onChange` after every theme change, in this tab or another; returns the unsubscribe. */
export function subscribeToTheme(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    document.documentElement.dataset.theme = event.newValue === "light" ? "light" : "dark";
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  // Another tab may have changed the theme while this one was still starting up.
  const before = currentTheme();
  applyRememberedTheme();
  if (currentTheme() !== before) onChange();
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Applies a theme now and remembers it for the next visit. */
export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled; the choice then lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}
