import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { ClockIcon } from '#web/components/feature-icons.tsx';
import { ArrowRightIcon, MailIcon, MapPinIcon, PhoneIcon } from '#web/components/icons.tsx';

const quickLinks = [
  { hash: 'web', label: 'Web development' },
  { hash: 'backend', label: 'Backend & APIs' },
  { hash: 'ipaas', label: 'Integrations & automation' },
  { hash: 'solutions', label: 'Ready-made AI agents' },
  { hash: 'hosting', label: 'Hosting & infrastructure' },
  { hash: 'support', label: 'Support & SLAs' },
];

const rowIcon = 'mt-0.5 size-5 shrink-0 text-brand-700';

/** The contact info card and quick links beside the enquiry form. */
export function ContactAside() {
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="contact-info-title"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="contact-info-title" className="text-lg font-semibold text-slate-900">
          Contact information
        </h2>
        <ul className="mt-4 space-y-4 text-sm text-slate-700">
          <li className="flex gap-3">
            <MailIcon className={rowIcon} />
            <a href={`mailto:${brand.email}`} className="break-all text-brand-700 hover:underline">
              {brand.email}
            </a>
          </li>
          <li className="flex gap-3">
            <PhoneIcon className={rowIcon} />
            <a href={brand.phoneHref} className="text-brand-700 hover:underline">
              {brand.phone}
            </a>
          </li>
          <li className="flex gap-3">
            <MapPinIcon className={rowIcon} />
            <span>{brand.location}</span>
          </li>
          <li className="flex gap-3">
            <ClockIcon className={rowIcon} />
            <span>{brand.responseTime}</span>
          </li>
        </ul>
      </section>
      <section
        aria-labelledby="quick-links-title"
        className="rounded-xl border border-slate-200 bg-slate-50 p-6"
      >
        <h2 id="quick-links-title" className="text-lg font-semibold text-slate-900">
          Looking for a specific service?
        </h2>
        <ul className="mt-4 space-y-1">
          {quickLinks.map((link) => (
            <li key={link.hash}>
              <Link
                to={`${paths.services}#${link.hash}`}
                className="flex items-center justify-between rounded-lg px-2 py-2 text-sm font-medium text-slate-800 hover:bg-white hover:text-brand-700"
              >
                {link.label}
                <ArrowRightIcon className="size-4 text-slate-500" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
