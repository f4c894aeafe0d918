import { PRODUCT_NAME } from "@upwatch/core";

/** The Upwatch mark (a pulse inside a rounded square) and the product name. */
export function Logo() {
  return (
    <span className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className="logo-mark" />
        <path
          d="M4 17h6l3-7 5 14 3-7h7"
          fill="none"
          className="logo-pulse"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo-name">{PRODUCT_NAME}</span>
    </span>
  );
}
