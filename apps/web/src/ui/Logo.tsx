/** The SafeShore wordmark: a patrol flag (red over yellow) beside the name. */
export function Logo() {
  return (
    <span className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M9 27V5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M10.5 6h14v7h-14z" fill="#d32f2f" />
        <path d="M10.5 13h14v7h-14z" fill="#fcd116" />
      </svg>
      <span className="logo__text">SafeShore</span>
    </span>
  );
}
