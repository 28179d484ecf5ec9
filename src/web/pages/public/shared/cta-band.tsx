import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { buttonClass } from '#web/components/button.tsx';
import { PhoneIcon } from '#web/components/icons.tsx';

/** The closing call to action of a page: a dark band with its own h2 and actions. */
export function CtaBand({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: ReactNode;
  /** The actions; defaults to Get a Free Estimate and the phone number. */
  children?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="bg-white px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 px-6 py-12 text-center shadow-lg sm:px-12 sm:py-16">
        <h2
          id={`${id}-title`}
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-100">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {children ?? (
            <>
              <Link to={paths.contact} className={ctaPrimary}>
                Get a Free Estimate
              </Link>
              <a href={brand.phoneHref} className={ctaSecondary}>
                <PhoneIcon className="size-5" />
                Call {brand.phone}
              </a>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** Button looks for actions on the dark band (the site's buttons are made for white). */
export const ctaPrimary = buttonClass('secondary', 'lg', 'border-white');
export const ctaSecondary =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-brand-300 px-6 text-base font-semibold text-white hover:bg-white/10';
