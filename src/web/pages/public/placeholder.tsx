import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';

/** The opening band of a public page whose full content is built in a later issue. */
export function PublicPlaceholder({
  title,
  description,
  contactButton = true,
}: {
  title: string;
  description: string;
  /** Off on the contact page itself. */
  contactButton?: boolean;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{description}</p>
        {contactButton ? (
          <div className="mt-8 flex justify-center">
            <ButtonLink to={paths.contact} size="lg">
              Talk to us
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </section>
  );
}
