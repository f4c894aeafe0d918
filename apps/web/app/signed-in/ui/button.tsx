import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "ghost" | "danger";

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** While true the button is disabled and says `busyLabel` ('Saving...'). */
  busy?: boolean;
  busyLabel?: string;
  size?: "normal" | "small";
}

/** The app's button: primary (the page's main action), ghost (secondary) or danger. */
export function Button({
  variant = "primary",
  busy = false,
  busyLabel,
  size = "normal",
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  const classes = ["button", `button-${variant}`, size === "small" ? "button-small" : "", className]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
