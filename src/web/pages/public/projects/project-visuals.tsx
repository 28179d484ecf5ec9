// Illustrations drawn for the portfolio (no screenshots of client products): inline
// SVG with a fixed size, so they cost no request and no layout shift.

const frame = 'h-auto w-full max-w-lg rounded-2xl shadow-lg';

/** A booking calendar with a listing card: the sauna marketplace. */
export function MarketplaceVisual() {
  const days = Array.from({ length: 28 }, (_, i) => i);
  const booked = new Set([3, 4, 10, 11, 12, 19, 24, 25]);
  return (
    <svg viewBox="0 0 480 340" width="480" height="340" className={frame} aria-hidden="true">
      <rect width="480" height="340" rx="16" className="fill-brand-900" />
      <rect x="24" y="24" width="250" height="292" rx="12" className="fill-white" />
      <rect x="44" y="44" width="120" height="12" rx="6" className="fill-slate-800" />
      <rect x="44" y="64" width="80" height="8" rx="4" className="fill-slate-300" />
      {days.map((day) => (
        <rect
          key={day}
          x={44 + (day % 7) * 31}
          y={92 + Math.floor(day / 7) * 31}
          width="25"
          height="25"
          rx="5"
          className={booked.has(day) ? 'fill-brand-600' : 'fill-slate-100'}
        />
      ))}
      <rect x="44" y="228" width="210" height="1" className="fill-slate-200" />
      <rect x="44" y="244" width="90" height="10" rx="5" className="fill-slate-700" />
      <rect x="44" y="262" width="130" height="8" rx="4" className="fill-slate-300" />
      <rect x="44" y="284" width="210" height="20" rx="6" className="fill-brand-700" />
      <rect x="294" y="56" width="162" height="200" rx="12" className="fill-white" />
      <rect x="306" y="68" width="138" height="90" rx="8" className="fill-brand-100" />
      <path d="M340 140l22-34 18 24 12-14 24 24z" className="fill-brand-300" />
      <rect x="306" y="172" width="100" height="10" rx="5" className="fill-slate-800" />
      <rect x="306" y="190" width="70" height="8" rx="4" className="fill-slate-300" />
      <rect x="306" y="216" width="60" height="24" rx="6" className="fill-green-100" />
      <rect x="316" y="224" width="40" height="8" rx="4" className="fill-green-700" />
    </svg>
  );
}

/** A search list with filters and a counter: the opportunity aggregator. */
export function AggregatorVisual() {
  const rows = [0, 1, 2, 3, 4];
  return (
    <svg viewBox="0 0 480 340" width="480" height="340" className={frame} aria-hidden="true">
      <rect width="480" height="340" rx="16" className="fill-white stroke-slate-200" />
      <rect x="24" y="24" width="432" height="36" rx="8" className="fill-slate-100" />
      <circle cx="46" cy="42" r="7" fill="none" strokeWidth="2.5" className="stroke-slate-500" />
      <rect x="62" y="37" width="150" height="10" rx="5" className="fill-slate-400" />
      <rect x="24" y="76" width="110" height="240" rx="8" className="fill-slate-50" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect
          key={i}
          x="38"
          y={94 + i * 34}
          width={i % 2 ? 60 : 80}
          height="10"
          rx="5"
          className={i === 1 ? 'fill-brand-600' : 'fill-slate-300'}
        />
      ))}
      {rows.map((i) => (
        <g key={i}>
          <rect x="150" y={76 + i * 48} width="306" height="40" rx="8" className="fill-slate-50" />
          <rect
            x="164"
            y={86 + i * 48}
            width={140 + (i % 3) * 30}
            height="9"
            rx="4.5"
            className="fill-slate-700"
          />
          <rect
            x="164"
            y={101 + i * 48}
            width="90"
            height="7"
            rx="3.5"
            className="fill-slate-300"
          />
          <rect x="392" y={88 + i * 48} width="50" height="16" rx="8" className="fill-brand-100" />
        </g>
      ))}
    </svg>
  );
}

/** A phone with a release chart: the Android app. */
export function AndroidVisual() {
  const bars = [38, 52, 61, 70, 84, 96, 112];
  return (
    <svg
      viewBox="0 0 300 360"
      width="300"
      height="360"
      className="h-auto w-full max-w-xs"
      aria-hidden="true"
    >
      <rect x="50" y="8" width="200" height="344" rx="28" className="fill-slate-800" />
      <rect x="62" y="32" width="176" height="296" rx="12" className="fill-white" />
      <rect x="130" y="18" width="40" height="6" rx="3" className="fill-slate-600" />
      <rect x="78" y="50" width="90" height="12" rx="6" className="fill-slate-800" />
      <rect x="78" y="70" width="60" height="8" rx="4" className="fill-slate-300" />
      {bars.map((height, i) => (
        <rect
          key={height}
          x={80 + i * 22}
          y={230 - height}
          width="14"
          height={height}
          rx="3"
          className="fill-brand-600"
        />
      ))}
      <rect x="78" y="244" width="144" height="1" className="fill-slate-200" />
      <rect x="78" y="262" width="144" height="24" rx="8" className="fill-green-100" />
      <rect x="90" y="270" width="96" height="8" rx="4" className="fill-green-700" />
      <rect x="78" y="296" width="144" height="20" rx="8" className="fill-brand-700" />
    </svg>
  );
}
