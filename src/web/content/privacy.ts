import { brand } from '#shared/brand.ts';
import { retentionSentences } from '#shared/retention.ts';
import type { LegalDocument } from './legal.ts';

// SPEC §2 Privacy: ten numbered sections, last updated April 10, 2025. Written for what
// this site and portal actually do: no advertising or analytics cookies, sign-in kept in
// local storage, card details handled by the billing provider.

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'April 10, 2025',
  updatedIso: '2025-04-10',
  intro: `This policy explains what personal information ${brand.name} (“we”, “us”) collects through this website and our client portal, how we use it, and the choices you have. It applies to visitors, people who contact us, and clients who use the portal.`,
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      blocks: [
        {
          lead: 'Information you give us.',
          text: 'When you send an enquiry we receive your name, e-mail address and message, and anything else you choose to add: company, phone number, website, area of interest, budget, timeline, team size and how you heard about us.',
        },
        {
          lead: 'Account information.',
          text: 'When you register for the client portal we store your name, e-mail address, company name and code, your role, the date you accepted our Terms of Service, and a one-way hash of your password. We never store the password itself.',
        },
        {
          lead: 'Service information.',
          text: 'When you use the portal we record the workflows you run or schedule, the result of each run, and security events such as sign-ins and setting changes.',
        },
        {
          lead: 'Technical information.',
          text: 'Our servers log IP addresses, request times and basic browser details, which we use for security, rate limiting and fixing errors.',
        },
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Your Information',
      blocks: [
        'We use personal information only to run our business with you:',
        {
          list: [
            'to reply to enquiries and prepare estimates;',
            'to provide, secure and support the client portal and the services you buy;',
            'to run the workflows you ask us to run and show you their results;',
            'to invoice you and keep financial records the law requires;',
            'to send service messages such as security alerts and invoices;',
            'to find and fix errors and to protect against abuse.',
          ],
        },
        'We do not sell personal information, and we do not use it for advertising.',
      ],
    },
    {
      id: 'how-we-share-information',
      title: 'How We Share Information',
      blocks: [
        'We share personal information only with service providers that help us deliver our services, under contracts that limit their use of it: our hosting provider, our e-mail delivery service, our billing provider and our help desk provider.',
        'Card payments are handled by our billing provider on its own secure pages. We never receive or store full card numbers.',
        'We may disclose information when the law requires it, to protect the rights and safety of our clients or others, or as part of a merger or sale of our business, in which case this policy continues to apply.',
      ],
    },
    {
      id: 'cookies-and-local-storage',
      title: 'Cookies and Local Storage',
      blocks: [
        'This website uses no advertising or analytics cookies and loads no third-party trackers, fonts or scripts.',
        'When you sign in to the client portal, your browser’s local storage keeps a sign-in token and a copy of your basic account details so that you stay signed in. Signing out removes both.',
      ],
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      blocks: [
        // Built from the numbers the retention job enforces (shared/retention.ts).
        retentionSentences.enquiries,
        retentionSentences.runsAndAccounts,
        retentionSentences.securityLogs,
        retentionSentences.mail,
        retentionSentences.backups,
      ],
    },
    {
      id: 'data-security',
      title: 'Data Security',
      blocks: [
        'We protect information with encrypted connections (TLS), memory-hard password hashing, optional two-factor sign-in, IP allow-lists for sensitive areas, least-privilege access for our staff, and audit logs of administrative actions.',
        'No system is perfectly secure. If a breach affects your personal information, we will notify you and the authorities as the law requires.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your Rights and Choices',
      blocks: [
        'You can ask us to show you the personal information we hold about you, correct it, export it or delete it. Clients see the details we hold on their Profile in the portal, can download a copy of their data and close their account there, and can ask us to correct any detail.',
        'Depending on the state you live in, you may have further rights under state privacy laws, such as the right to opt out of certain processing. We honor those requests for every U.S. resident, wherever they live.',
        'We answer requests within 45 days and will not treat you differently for making one.',
      ],
    },
    {
      id: 'childrens-privacy',
      title: 'Children’s Privacy',
      blocks: [
        'Our website and services are meant for businesses and are not directed at children under 13. We do not knowingly collect their personal information; if we learn we have, we delete it.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      blocks: [
        'We may update this policy as our services change. The date at the top shows the latest revision. If a change materially affects how we use your information, we will tell clients by e-mail before it takes effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact Us',
      blocks: [
        'For questions about this policy or to make a privacy request, contact us:',
        { contact: true },
      ],
    },
  ],
};
