import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { ArrowRightIcon } from '#web/components/icons.tsx';
import { CheckList } from '../shared/feature-card.tsx';

const facts = [
  'Based in Minneapolis, working with clients in all 50 states',
  'Fully remote: video calls, shared boards and written updates every week',
  'Senior engineers only; the person who scopes your project builds it',
  'You own the code, the data and the accounts from day one',
];

export function AboutSummary() {
  return (
    <section aria-labelledby="about-summary-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">About us</p>
          <h2
            id="about-summary-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            A small team that answers for its work
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            {brand.name} is a software consultancy for businesses that need real engineering without
            hiring an in-house team. We design, build and run web applications, integrations and
            automation, then stay on to keep them healthy.
          </p>
          <Link
            to={paths.about}
            className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            About our team
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <div className="self-center rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
          <CheckList items={facts} />
        </div>
      </div>
    </section>
  );
}
