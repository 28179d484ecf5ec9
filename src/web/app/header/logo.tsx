import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className="flex shrink-0 items-center gap-2 rounded-md text-slate-900"
      aria-label={brand.name}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M6 21c3-3 6-3 9 0s6 3 9 0"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <path
          d="M9 15l5-6 4 4 5-5"
          fill="none"
          stroke="#bfdbfe"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* Between lg and xl the signed-in bar needs the room, so only the mark shows. */}
      <span className="text-base font-bold tracking-tight lg:max-xl:sr-only">
        {brand.shortName}
      </span>
    </Link>
  );
}
