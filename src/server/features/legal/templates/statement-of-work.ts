import { field, type TemplateDefinition } from './types.ts';

export const statementOfWork: TemplateDefinition = {
  id: 'statement-of-work',
  name: 'Statement of Work',
  description:
    'One project under the Master Services Agreement: scope, deliverables, timeline, acceptance and the setup and monthly fees from the pricing estimator.',
  category: 'Agreement',
  useCases: [
    'New automation or development project',
    'Fixed setup fee plus monthly plan',
    'Usage-based runs',
  ],
  fields: [
    field('sowNumber', 'SOW number', 'Reference number for this Statement of Work.', 'SOW-001'),
    field(
      'projectDescription',
      'Project description',
      'What the project is for, in a few sentences.',
      'Automate order intake from the web shop into the ERP.',
    ),
    field('scopeOfWork', 'Scope of work', 'The work included, one item per line.', ''),
    field('deliverables', 'Deliverables', 'What will be handed over, one per line.', ''),
    field('exclusions', 'Exclusions', 'What is explicitly not included.', ''),
    field('clientResponsibilities', 'Client responsibilities', 'What the client provides.', ''),
    field('startDate', 'Start date', 'When work begins.'),
    field('targetCompletionDate', 'Target completion date', 'Planned go-live.'),
    field('setupFee', 'Setup fee', 'One-time fee (estimator: 300 + 300 × score).', '', {
      input: 'currency',
    }),
    field('monthlyFee', 'Monthly fee', 'Recurring fee including the included runs.', '', {
      input: 'currency',
    }),
    field('includedRuns', 'Included runs per month', 'Workflow runs the monthly fee covers.', '', {
      input: 'number',
    }),
    field(
      'perRunPrice',
      'Price per extra run',
      'Charged for each run above the included runs.',
      '',
      {
        input: 'currency',
      },
    ),
    field('acceptanceDays', 'Acceptance period (days)', 'Days the client has to test.', '10', {
      input: 'number',
    }),
  ],
  defaults: {
    acceptanceDays: 10,
    sowNumber: 'SOW-001',
    scopeOfWork:
      'Discovery workshop and written requirements\nDesign and build of the agreed workflows and integrations\nTesting in a staging environment\nProduction launch and two weeks of hypercare',
    deliverables:
      'Working automation deployed to production\nAdministrator documentation\nHandover session (recorded)',
    exclusions:
      'Changes to third-party systems beyond their documented APIs\nData clean-up of source systems\nWork not listed in the scope above',
    clientResponsibilities:
      'Provide API credentials and test accounts\nName a decision maker who can approve designs within two business days\nTest deliverables during the acceptance period',
  },
  body: `# Statement of Work {{sowNumber}}: {{projectName}}

This Statement of Work is entered into as of {{effectiveDate}} between {{providerName}} and {{clientName}} ("Client") under the Master Services Agreement between them dated {{msaDate}} (the "Agreement"). Terms defined in the Agreement have the same meaning here.

## 1. Project Overview

{{projectDescription}}

## 2. Scope of Work

{{providerName}} will perform the following Services:

{{scopeOfWork}}

## 3. Deliverables

{{deliverables}}

## 4. Exclusions

The following are outside the scope of this Statement of Work and, if requested, will be handled through a Change Order:

{{exclusions}}

## 5. Client Responsibilities

{{clientResponsibilities}}

## 6. Timeline

Work starts on {{startDate}}, with a target completion date of {{targetCompletionDate}}. Dates depend on Client meeting its responsibilities above; delays on Client's side move them by the same amount.

## 7. Fees

- Setup fee: {{setupFee}}, invoiced on signature.
- Monthly fee: {{monthlyFee}}, invoiced monthly in advance from launch, including {{includedRuns}} workflow runs per month.
- Additional runs: {{perRunPrice}} per run above the included runs, invoiced monthly in arrears.
- Special requests outside this scope: {{defaultHourlyRate}} per hour, only with Client's prior written approval.

Usage alerts are sent at 80% of the included runs. At 100% non-critical tasks may be throttled, and above 120% overage is billed automatically unless Client asks for the workflows to be paused. All fees are in {{defaultCurrency}} and payable within {{defaultNetDays}} days of invoice.

## 8. Acceptance

Client has {{acceptanceDays}} days after delivery of each Deliverable to test it and either accept it or describe in writing how it fails to meet this Statement of Work. {{providerName}} will correct reported non-conformities and re-deliver. A Deliverable is accepted when Client approves it, when the acceptance period passes without a written rejection, or when Client uses it in production.

## 9. Project Contacts

Questions about this project go to {{supportEmail}}.

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
