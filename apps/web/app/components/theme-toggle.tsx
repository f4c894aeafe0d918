import { setTheme, useTheme } from "../theme/theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

/** Switches between the dark and light themes; the choice is remembered on this device. */
export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
