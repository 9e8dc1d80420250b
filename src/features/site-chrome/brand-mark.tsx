/** The CDO Vision wordmark: an original mark (linked nodes in a lens) and the name as text. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28" className="shrink-0">
        <circle cx="16" cy="16" r="14" fill={inverted ? '#ffffff' : '#0b1026'} />
        <path
          d="M9 19 14 11l5 9 4-6"
          fill="none"
          stroke={inverted ? '#2f49b8' : '#7dd3fc'}
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="2" fill={inverted ? '#2f49b8' : '#ffffff'} />
        <circle cx="14" cy="11" r="2" fill={inverted ? '#2f49b8' : '#ffffff'} />
        <circle cx="19" cy="20" r="2" fill={inverted ? '#2f49b8' : '#ffffff'} />
        <circle cx="23" cy="14" r="2" fill={inverted ? '#2f49b8' : '#ffffff'} />
      </svg>
      <span>
        CDO <span className={inverted ? 'text-sky-300' : 'text-brand-strong'}>Vision</span>
      </span>
    </span>
  );
}
