import {
  currentTheme,
  otherTheme,
  setTheme,
  subscribeToTheme,
  themeToggleLabel,
} from "../theme/theme.ts";

/** The header's theme toggle: switches and remembers the theme, and names the theme it offers. */
export function enhanceThemeToggle(button: HTMLButtonElement): void {
  const showLabel = () => {
    const label = themeToggleLabel(currentTheme());
    button.setAttribute("aria-label", label);
    button.title = label;
  };
  showLabel();
  subscribeToTheme(showLabel);
  button.addEventListener("click", () => setTheme(otherTheme(currentTheme())));
}
