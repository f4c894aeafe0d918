import { otherTheme, setTheme, themeToggleLabel } from "../theme/theme.ts";
import { useTheme } from "../theme/use-theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

/**
 * Switches between the dark and light themes; the choice is remembered on this device. Both
 * icons are in the HTML and the style sheet shows the one for the theme on screen.
 */
export function ThemeToggle() {
  const theme = useTheme();
  const label = themeToggleLabel(theme);
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => setTheme(otherTheme(theme))}
    >
      <SunIcon className="theme-icon-sun" />
      <MoonIcon className="theme-icon-moon" />
    </button>
  );
}
