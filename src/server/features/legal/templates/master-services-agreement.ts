import { disputeChoices, ipChoices } from './fields.ts';
import { field, type TemplateDefinition } from './types.ts';

export const masterServicesAgreement: TemplateDefinition = {
  id: 'master-services-agreement',
  name: 'Master Services Agreement',
  description:
    'The umbrella contract for an ongoing client relationship: payment, IP, confidentiality, warranties, liability and termination. Statements of Work hang off it.',
  category: 'Agreement',
  useCases: [
    'New client relationship',
    'Recurring development or automation work',
    'Umbrella terms for several Statements of Work',
  ],
  fields: [
    field(
      'liabilityCapMonths',
      'Liability cap (months of fees)',
      'Fees paid over this many months cap each party’s liability.',
      '12',
      { input: 'number' },
    ),
  ],
  defaults: { liabilityCapMonths: 12 },
  choices: { defaultArbitrationProvider: disputeChoices, defaultIpOwnership: ipChoices },
  body: `# Master Services Agreement

This Master Services Agreement (the "Agreement") is entered into as of {{effectiveDate}} (the "Effective Date") between {{providerLegalEntity}}, doing business as {{providerName}}, with its principal place of business at {{providerAddress}} ("{{providerName}}"), and {{clientName}}, with its principal place of business at {{clientAddress}} ("Client").

## 1. Services

{{providerName}} will provide the software development, integration, automation, hosting and related services described in one or more statements of work signed by both parties (each a "Statement of Work"). Each Statement of Work is governed by this Agreement. If a Statement of Work conflicts with this Agreement, this Agreement controls unless the Statement of Work expressly states that it overrides a named section of this Agreement.

## 2. Fees and Payment

Client will pay the fees set out in each Statement of Work. Time and materials work is billed at {{defaultHourlyRate}} per hour unless a Statement of Work says otherwise. All amounts are stated and payable in {{defaultCurrency}}.

Invoices are due within {{defaultNetDays}} days of the invoice date. Undisputed amounts not paid when due accrue a late charge of {{defaultLateFeePercent}}% per month, or the highest rate permitted by law if lower. If any undisputed amount remains unpaid {{defaultPaymentSuspensionDays}} days after its due date, {{providerName}} may suspend the Services on written notice until payment is received.

Fees exclude sales, use and similar taxes, which Client will pay except for taxes on {{providerName}}'s net income.

## 3. Client Responsibilities

Client will provide timely access to the personnel, systems, credentials and information reasonably needed to perform the Services, and is responsible for the accuracy of the data and instructions it supplies. Delays caused by Client extend the affected delivery dates accordingly.

## 4. Intellectual Property

{{defaultIpOwnership}}

{{providerName}} retains ownership of its pre-existing tools, libraries, know-how and generic components ("Provider Materials"). To the extent Provider Materials are incorporated into a Deliverable, {{providerName}} grants Client a perpetual, non-exclusive, royalty-free licence to use them as part of that Deliverable. Third-party and open-source components remain subject to their own licence terms.

## 5. Confidentiality

Each party will protect the other party's non-public business, technical and financial information ("Confidential Information") with at least reasonable care, use it only to perform this Agreement and disclose it only to personnel and advisers who need to know it and are bound by similar obligations. These obligations survive for {{defaultConfidentialityMonths}} months after this Agreement ends, and for trade secrets for as long as they remain trade secrets.

## 6. Data Protection

Where {{providerName}} processes personal data on Client's behalf, the parties' Data Processing Addendum applies. Following termination, {{providerName}} will return or delete Client data within {{defaultRetentionDays}} days, unless the law requires it to be kept.

## 7. Warranties

{{providerName}} warrants that the Services will be performed in a professional and workmanlike manner consistent with generally accepted industry standards. Client's exclusive remedy for breach of this warranty, notified within 30 days of delivery, is re-performance of the non-conforming Services. EXCEPT AS EXPRESSLY STATED IN THIS AGREEMENT, NEITHER PARTY MAKES ANY OTHER WARRANTY, EXPRESS OR IMPLIED, INCLUDING ANY WARRANTY OF MERCHANTABILITY OR FITNESS FOR A PARTICULAR PURPOSE.

## 8. Limitation of Liability

EXCEPT FOR BREACH OF CONFIDENTIALITY, INDEMNIFICATION OBLIGATIONS, OR A PARTY'S GROSS NEGLIGENCE OR WILFUL MISCONDUCT, (A) NEITHER PARTY IS LIABLE FOR INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES OR LOST PROFITS, AND (B) EACH PARTY'S TOTAL LIABILITY UNDER THIS AGREEMENT IS LIMITED TO THE FEES PAID OR PAYABLE BY CLIENT IN THE {{liabilityCapMonths}} MONTHS BEFORE THE EVENT GIVING RISE TO THE CLAIM.

## 9. Insurance

During the term {{providerName}} will maintain professional liability (errors and omissions) insurance with limits of not less than {{defaultInsuranceMinimumUSD}} per claim and will provide a certificate of insurance on request.

## 10. Term and Termination

This Agreement starts on the Effective Date and continues until terminated. Either party may terminate this Agreement or any Statement of Work for convenience on {{defaultTerminationNoticeDays}} days' written notice. Either party may terminate for material breach that remains uncured {{defaultCurePeriodDays}} days after written notice describing it. On termination Client will pay for Services performed and expenses incurred up to the termination date.

## 11. Governing Law and Disputes

This Agreement is governed by the laws of the State of {{defaultGoverningLaw}}, without regard to its conflict-of-laws rules. Any dispute arising out of or relating to this Agreement will be resolved {{defaultArbitrationProvider}}.

## 12. General

Neither party may assign this Agreement without the other's written consent, except to a successor of its entire business. Notices must be in writing and sent to the addresses above, with a copy by e-mail; notices to {{providerName}} go to {{supportEmail}}. This Agreement, with its Statements of Work and addenda, is the parties' entire agreement on its subject and may be amended only in a writing signed by both parties. Neither party is liable for delay caused by events beyond its reasonable control.

## Signatures

{{providerLegalEntity}}
By: ______________________________
Name: {{providerSignatoryName}}
Title: {{providerSignatoryTitle}}
Date: ____________________

{{clientName}}
By: ______________________________
Name: {{clientSignatoryName}}
Title: {{clientSignatoryTitle}}
Date: ____________________
`,
};
