// A map of Minnesota drawn for this site: the state outline (simplified from its
// borders, equirectangular at 46° N), the Minneapolis base and rings for the reach
// beyond it. One inline SVG with a fixed size, so it costs no request and no layout shift.

const STATE =
  'M17 40 103 40 103 17 112 18 117 22 123 48 122 54 133 58 159 69 173 65 188 62 209 73 219 86 234 81 246 93 263 96 282 88 300 94 319 99 338 100 304 118 275 142 246 161 230 175 222 180 222 215 215 223 207 235 203 247 207 256 203 268 201 277 203 286 201 295 211 305 221 313 233 317 240 328 249 337 259 346 265 355 266 370 49 370 49 262 39 255 33 244 44 230 45 220 43 199 36 168 34 148 33 124 27 106 22 88 20 64z';

const cities = [
  { name: 'Duluth', x: 230, y: 173, dx: 10, anchor: 'start' },
  { name: 'St. Cloud', x: 144, y: 246, dx: -10, anchor: 'end' },
  { name: 'Rochester', x: 214, y: 339, dx: 10, anchor: 'start' },
] as const;

export function MinnesotaMap() {
  return (
    <svg
      viewBox="0 0 360 390"
      width="360"
      height="390"
      role="img"
      aria-label="Map of Minnesota with our base in Minneapolis marked and rings reaching beyond the state border"
      className="h-auto w-full max-w-md"
    >
      <defs>
        <clipPath id="mn-map-frame">
          <rect width="360" height="390" rx="16" />
        </clipPath>
      </defs>
      <g clipPath="url(#mn-map-frame)">
        <rect width="360" height="390" className="fill-slate-900" />
        <g fill="none" className="stroke-brand-400" strokeDasharray="3 6" strokeWidth="1.5">
          <circle cx="181" cy="281" r="70" opacity="0.7" />
          <circle cx="181" cy="281" r="150" opacity="0.5" />
          <circle cx="181" cy="281" r="240" opacity="0.35" />
        </g>
        <path
          d={STATE}
          className="fill-brand-900 stroke-brand-300"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        {cities.map((city) => (
          <g key={city.name}>
            <circle cx={city.x} cy={city.y} r="4" className="fill-slate-300" />
            <text
              x={city.x + city.dx}
              y={city.y + 4}
              textAnchor={city.anchor}
              className="fill-slate-200 text-[12px] font-medium"
            >
              {city.name}
            </text>
          </g>
        ))}
        <circle cx="181" cy="281" r="16" className="fill-brand-500" opacity="0.35" />
        <circle cx="181" cy="281" r="8" className="fill-white stroke-brand-600" strokeWidth="3" />
        <text x="164" y="300" textAnchor="end" className="fill-white text-[14px] font-semibold">
          Minneapolis
        </text>
        <text x="164" y="316" textAnchor="end" className="fill-brand-200 text-[11px]">
          Home base
        </text>
      </g>
    </svg>
  );
}
