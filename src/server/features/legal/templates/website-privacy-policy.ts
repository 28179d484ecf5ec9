import { field, type TemplateDefinition } from './types.ts';

export const websitePrivacyPolicy: TemplateDefinition = {
  id: 'website-privacy-policy',
  name: 'Website Privacy Policy',
  description:
    'A plain-language privacy policy for a client website or web app built by the provider, covering collection, cookies, sharing, retention and US state privacy rights.',
  category: 'Website',
  useCases: [
    'Launching a client website',
    'Web apps with sign-up forms',
    'Contact and lead-capture forms',
  ],
  fields: [
    field('websiteUrl', 'Website URL', 'The site this policy covers.', 'https://www.example.com'),
    field(
      'privacyContactEmail',
      'Privacy contact e-mail',
      'Where visitors send privacy requests.',
      'privacy@example.com',
    ),
    field(
      'analyticsProvider',
      'Analytics provider',
      'Service used to measure visits, or "none".',
      'a privacy-friendly analytics service',
    ),
  ],
  defaults: { analyticsProvider: 'a privacy-friendly analytics service that does not use cookies' },
  body: `# Privacy Policy

Last updated: {{effectiveDate}}

This policy explains how {{clientName}} ("we", "us") collects, uses and protects personal information when you visit {{websiteUrl}} (the "Site").

## 1. Information We Collect

- Information you give us, such as your name, e-mail address, phone number, company and message when you fill in a form or create an account.
- Information collected automatically, such as your browser type, device, pages visited and approximate location derived from your IP address.
- Information from service providers that help us run the Site, such as payment confirmations.

## 2. How We Use Information

We use personal information to answer your enquiries, provide and improve our services, process payments, send messages you have asked for, keep the Site secure and meet our legal obligations. We do not sell your personal information.

## 3. Cookies and Analytics

We use cookies that are necessary for the Site to work, such as keeping you signed in. We measure visits with {{analyticsProvider}}. You can block cookies in your browser settings; some parts of the Site may then not work.

## 4. Sharing

We share personal information only with service providers who process it on our behalf under contract (such as hosting, e-mail and payment providers), when the law requires it, or to protect our rights. The Site is built and hosted for us by {{providerName}}, which acts as our service provider.

## 5. Retention

We keep personal information only as long as needed for the purposes above. Form submissions and account data are deleted within {{defaultRetentionDays}} days after they are no longer needed, unless the law requires us to keep them longer.

## 6. Security

We protect personal information with encryption in transit, access controls and monitoring. No method of transmission or storage is completely secure, but we work to protect your information.

## 7. Your Rights

Depending on where you live, including in states with consumer privacy laws, you may have the right to know what personal information we hold about you, to correct or delete it, to receive a copy, and to opt out of targeted advertising. We will not discriminate against you for using these rights. To make a request, e-mail {{privacyContactEmail}}; we will verify your request and answer within the time the law requires.

## 8. Children

The Site is not directed to children under 13, and we do not knowingly collect their personal information.

## 9. Changes

We may update this policy. We will post the new version on this page with a new "last updated" date.

## 10. Contact

{{clientName}}
{{clientAddress}}
E-mail: {{privacyContactEmail}}

This policy is governed by the laws of the State of {{defaultGoverningLaw}}.
`,
};
