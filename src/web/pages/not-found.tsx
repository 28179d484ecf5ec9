import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () =>
  pageMeta('Page not found', 'The page you are looking for does not exist.');

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home}>Back to home</ButtonLink>
        <ButtonLink to={paths.contact} variant="secondary">
          Contact us
        </ButtonLink>
      </div>
    </section>
  );
}
