import { slaTiers } from '#shared/pricing.ts';
import { field, type TemplateDefinition } from './types.ts';

// The SLA tiers come from the pricing reference (SPEC §9), so the contract and the
// price list cannot drift apart.

const priceText = (price: string) =>
  price === 'Included' ? 'included in the monthly fee' : `for an additional ${price}`;

const tierChoices = Object.fromEntries(
  slaTiers.map((tier) => [
    tier.name,
    `the ${tier.name} support tier, with a first response to support requests within ${tier.response.toLowerCase()}, ${priceText(tier.price)}`,
  ]),
);

const tierList = slaTiers
  .map(
    (tier) =>
      `- ${tier.name}: first response within ${tier.response.toLowerCase()}; ${tier.price}.`,
  )
  .join('\n');

export const serviceLevelAgreement: TemplateDefinition = {
  id: 'service-level-agreement',
  name: 'Service Level Agreement',
  description:
    'Uptime target, support tiers (Standard, Priority, Enterprise) with response times, maintenance windows and service credits for hosted workflows.',
  category: 'Agreement',
  useCases: [
    'Hosted automations and apps',
    'Support retainers',
    'Client asks for uptime commitments',
  ],
  fields: [
    field('slaTier', 'Support tier', 'The tier the client buys.', '', {
      input: 'select',
      options: slaTiers.map((tier) => ({
        value: tier.name,
        label: `${tier.name} (${tier.response}, ${tier.price})`,
      })),
    }),
    field('uptimeTarget', 'Monthly uptime target', 'Availability promised each month.', '99.9%'),
    field(
      'serviceCreditPercent',
      'Service credit (% of monthly fee)',
      'Credit for each full 0.1% below the target.',
      '5',
      { input: 'number' },
    ),
    field(
      'maintenanceWindow',
      'Maintenance window',
      'When planned maintenance happens.',
      'Sundays 1:00-5:00 a.m. Central Time',
    ),
  ],
  defaults: {
    slaTier: 'Standard',
    uptimeTarget: '99.9%',
    serviceCreditPercent: 5,
    maintenanceWindow: 'Sundays, 1:00 a.m. to 5:00 a.m. Central Time',
  },
  choices: { slaTier: tierChoices },
  body: `# Service Level Agreement

This Service Level Agreement (the "SLA") takes effect on {{effectiveDate}} and forms part of the agreement between {{providerName}} and {{clientName}} ("Client"). It applies to the hosted workflows, applications and integrations that {{providerName}} operates for Client (the "Hosted Services").

## 1. Support Tier

Client has selected {{slaTier}}.

The available tiers are:

${tierList}

Response times are counted during business hours ({{businessHours}}) for Standard, and around the clock for Priority and Enterprise requests marked urgent.

## 2. Availability

{{providerName}} will make the Hosted Services available {{uptimeTarget}} of each calendar month, measured by external monitoring at one-minute intervals. Planned maintenance during {{maintenanceWindow}}, announced at least 48 hours ahead, and emergency security patches are not counted as downtime.

## 3. Exclusions

Downtime does not include unavailability caused by:
- Client's systems, networks, credentials or instructions;
- third-party services outside {{providerName}}'s control, such as payment processors, CRMs or e-mail providers;
- usage above the agreed plan limits, including throttling of non-critical tasks after 100% of the included runs;
- suspension for non-payment under the agreement; or
- events beyond {{providerName}}'s reasonable control.

## 4. Service Credits

If availability in a month falls below the target, Client receives a credit of {{serviceCreditPercent}}% of that month's fee for the Hosted Services for each full 0.1% below the target, up to 50% of the monthly fee. Client must request the credit within 30 days after the end of the month. Service credits are Client's sole remedy for unavailability and are applied to the next invoice.

## 5. Reporting Issues

Client reports incidents to {{supportEmail}} or, for urgent incidents, by phone at {{supportPhone}}. Each report should describe the impact, affected workflows and any error messages.

## 6. Severity Levels

- Critical: a production workflow is down or data is at risk. Worked on continuously until resolved or a workaround is in place.
- High: a production workflow is degraded with no workaround. Worked on during business hours until resolved.
- Normal: questions, minor defects and change requests. Scheduled into regular work.

## 7. Review

The parties will review this SLA at least once a year. Changes require a written amendment signed by both parties.

## Signatures

{{providerName}}
By: ______________________________
Name: {{providerSignatoryName}}
Title: {{providerSignatoryTitle}}

{{clientName}}
By: ______________________________
Name: {{clientSignatoryName}}
Title: {{clientSignatoryTitle}}
`,
};
