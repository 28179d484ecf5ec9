import { disputeChoices } from './fields.ts';
import { field, type TemplateDefinition } from './types.ts';

export const independentContractorAgreement: TemplateDefinition = {
  id: 'independent-contractor-agreement',
  name: 'Independent Contractor Agreement',
  description:
    'Engages a freelance developer or specialist as an independent contractor: services, rate, invoicing, IP assignment to the company, confidentiality and non-solicitation.',
  category: 'Employment',
  useCases: [
    'Freelance developers',
    'Subcontracting part of a client project',
    'Short specialist engagements',
  ],
  fields: [
    field('contractorName', 'Contractor name', 'Person or company engaged.', 'Sam Smith'),
    field('contractorAddress', 'Contractor address', "Contractor's business address.", ''),
    field(
      'servicesDescription',
      'Services description',
      'What the contractor will do.',
      'Backend development for client integration projects',
    ),
    field('contractorRate', 'Contractor hourly rate', 'What the company pays per hour.', '', {
      input: 'currency',
    }),
    field('startDate', 'Start date', 'First day of the engagement.'),
    field(
      'contractorRequiresInsurance',
      'Require contractor insurance',
      'Contractor must carry professional liability cover.',
      '',
      {
        input: 'checkbox',
      },
    ),
  ],
  defaults: {
    servicesDescription:
      'Software development, integration and automation services for client projects, as assigned by the Company in writing from time to time.',
    contractorRequiresInsurance: false,
  },
  choices: {
    defaultArbitrationProvider: disputeChoices,
    contractorRequiresInsurance: {
      true: 'Contractor will maintain professional liability insurance of at least {{defaultInsuranceMinimumUSD}} per claim and provide a certificate on request.',
      false: 'Contractor is responsible for deciding what insurance it needs for its business.',
    },
  },
  body: `# Independent Contractor Agreement

This Independent Contractor Agreement (the "Agreement") is made as of {{effectiveDate}} between {{providerLegalEntity}}, of {{providerAddress}} (the "Company"), and {{contractorName}}, of {{contractorAddress}} ("Contractor").

## 1. Services

Contractor will provide the following services (the "Services"), starting on {{startDate}}:

{{servicesDescription}}

Contractor decides how, when and where to perform the Services, supplies its own equipment, and may work for others provided that does not conflict with this Agreement.

## 2. Independent Contractor Status

Contractor is an independent contractor and not an employee, partner or agent of the Company. Contractor is not entitled to employee benefits and is solely responsible for its own taxes, including self-employment taxes, and for any workers' compensation or business licences its business requires. The Company will issue a Form 1099 where required.

## 3. Fees and Invoicing

The Company will pay Contractor {{contractorRate}} per hour for Services performed, in {{defaultCurrency}}. Contractor will invoice monthly with a description of the hours worked, and the Company will pay undisputed invoices within {{defaultNetDays}} days. Expenses are reimbursed only if approved in writing in advance.

## 4. Intellectual Property

All work product Contractor creates in performing the Services, including source code, documentation and designs (the "Work Product"), is a "work made for hire" for the Company to the extent the law allows. Contractor hereby assigns to the Company all right, title and interest in any Work Product that is not a work made for hire, and will sign any documents reasonably needed to confirm this. Contractor will not include third-party or open-source code in the Work Product without the Company's approval.

## 5. Confidentiality

Contractor will keep confidential all non-public information of the Company and its clients, use it only to perform the Services, and return or destroy it when the engagement ends. This obligation continues for {{defaultConfidentialityMonths}} months after this Agreement ends, and for trade secrets and client personal data for as long as they remain confidential. Contractor will follow the Company's security requirements, including multi-factor authentication and encrypted storage of credentials.

## 6. Non-Solicitation

During this Agreement and for twelve months afterwards, Contractor will not directly solicit any Company client that Contractor worked with under this Agreement to provide the same services outside the Company.

## 7. Insurance

{{contractorRequiresInsurance}}

## 8. Term and Termination

This Agreement continues until ended by either party on {{defaultTerminationNoticeDays}} days' written notice, or immediately for material breach not cured within {{defaultCurePeriodDays}} days of written notice. The Company will pay for Services performed up to the end date. Sections 4, 5 and 6 survive termination.

## 9. Governing Law

This Agreement is governed by the laws of the State of {{defaultGoverningLaw}}. Any dispute arising out of it will be resolved {{defaultArbitrationProvider}}.

## Signatures

{{providerLegalEntity}}
By: ______________________________
Name: {{providerSignatoryName}}
Title: {{providerSignatoryTitle}}

Contractor
By: ______________________________
Name: {{contractorName}}
`,
};
