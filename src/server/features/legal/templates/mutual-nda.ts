import { disputeChoices } from './fields.ts';
import { field, type TemplateDefinition } from './types.ts';

export const mutualNda: TemplateDefinition = {
  id: 'mutual-nda',
  name: 'Mutual Non-Disclosure Agreement',
  description:
    'Two-way confidentiality for early conversations, discovery calls and proposals, before any work is agreed.',
  category: 'Agreement',
  useCases: [
    'Discovery and scoping calls',
    'Sharing system access for an estimate',
    'Partnership talks',
  ],
  fields: [
    field(
      'ndaPurpose',
      'Purpose',
      'Why the parties are sharing information.',
      'evaluating a possible software development engagement',
    ),
  ],
  defaults: {
    ndaPurpose:
      'evaluating and, if agreed, carrying out a software development and automation engagement between them',
  },
  choices: { defaultArbitrationProvider: disputeChoices },
  body: `# Mutual Non-Disclosure Agreement

This Mutual Non-Disclosure Agreement (the "Agreement") is made as of {{effectiveDate}} between {{providerLegalEntity}}, of {{providerAddress}}, and {{clientName}}, of {{clientAddress}} (each a "Party", and together the "Parties").

## 1. Purpose

The Parties wish to exchange information for the purpose of {{ndaPurpose}} (the "Purpose").

## 2. Confidential Information

"Confidential Information" means any non-public information disclosed by one Party (the "Discloser") to the other (the "Recipient"), in any form, that is marked confidential or that a reasonable person would understand to be confidential, including business plans, customer data, source code, system designs, credentials and pricing.

Confidential Information does not include information that the Recipient can show:
- is or becomes public through no fault of the Recipient;
- was lawfully known to the Recipient before disclosure without a duty of confidence;
- is lawfully received from a third party without a duty of confidence; or
- is independently developed without use of the Discloser's Confidential Information.

## 3. Obligations

The Recipient will use the Confidential Information only for the Purpose, protect it with at least the care it uses for its own similar information and no less than reasonable care, and disclose it only to its employees, contractors and advisers who need to know it for the Purpose and are bound by confidentiality obligations at least as protective as these. Credentials and access keys will be stored encrypted and used only for the Purpose.

## 4. Required Disclosure

The Recipient may disclose Confidential Information when required by law or court order, provided it gives the Discloser prompt notice (where lawful) and reasonable help to seek protective treatment.

## 5. Return and Destruction

On the Discloser's written request, the Recipient will promptly return or destroy the Confidential Information and confirm this in writing, except for copies kept in routine backups or as required by law, which remain subject to this Agreement.

## 6. Term

This Agreement covers disclosures made within one year after the Effective Date. The obligations above continue for {{defaultConfidentialityMonths}} months after the last disclosure, and for trade secrets for as long as they remain trade secrets.

## 7. No Licence or Obligation

All Confidential Information remains the property of the Discloser. Nothing in this Agreement grants a licence to any intellectual property or obliges either Party to enter into any further agreement.

## 8. Remedies

Unauthorised use or disclosure may cause irreparable harm, and the Discloser may seek injunctive relief in addition to any other remedy.

## 9. Governing Law

This Agreement is governed by the laws of the State of {{defaultGoverningLaw}}. Any dispute arising out of it will be resolved {{defaultArbitrationProvider}}.

## Signatures

{{providerLegalEntity}}
By: ______________________________
Name: {{providerSignatoryName}}
Title: {{providerSignatoryTitle}}

{{clientName}}
By: ______________________________
Name: {{clientSignatoryName}}
Title: {{clientSignatoryTitle}}
`,
};
