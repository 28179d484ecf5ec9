import { field, type TemplateDefinition } from './types.ts';

export const dataProcessingAddendum: TemplateDefinition = {
  id: 'data-processing-addendum',
  name: 'Data Processing Addendum',
  description:
    'How personal data is handled when workflows process client customer or employee data: instructions, security, sub-processors, breach notice and deletion.',
  category: 'Compliance',
  useCases: [
    'Workflows that touch customer personal data',
    'Client security or privacy review',
    'CCPA and state privacy law service-provider terms',
  ],
  fields: [
    field(
      'processingPurpose',
      'Purpose of processing',
      'What the personal data is processed for.',
      'running the automation workflows described in the Statements of Work',
    ),
    field('dataCategories', 'Categories of personal data', 'One per line.', '', {
      input: 'textarea',
    }),
    field('dataSubjects', 'Data subjects', 'Whose data it is, one per line.', '', {
      input: 'textarea',
    }),
    field('subprocessors', 'Sub-processors', 'Vendor, service and location, one per line.', '', {
      input: 'textarea',
    }),
    field(
      'breachNotificationHours',
      'Breach notice (hours)',
      'Maximum hours to tell the client about a personal data breach.',
      '72',
      { input: 'number' },
    ),
  ],
  defaults: {
    processingPurpose:
      'providing the automation, integration, hosting and support services described in the Agreement and its Statements of Work',
    dataCategories:
      'Names and business contact details\nOrder, invoice and account records\nSupport ticket contents',
    dataSubjects: "Client's customers and prospects\nClient's employees and contractors",
    subprocessors:
      'Cloud hosting provider (United States)\nTransactional e-mail provider (United States)\nWorkflow automation engine, self-hosted (United States)',
    breachNotificationHours: 72,
  },
  body: `# Data Processing Addendum

This Data Processing Addendum (the "DPA") is made as of {{effectiveDate}} between {{clientName}} ("Client") and {{providerLegalEntity}} ("Processor") and forms part of the Master Services Agreement between them dated {{msaDate}} (the "Agreement").

## 1. Roles and Scope

Client is the controller (or "business") and Processor is the processor (or "service provider") of the personal data Processor handles for Client under the Agreement ("Client Personal Data"). Processor processes Client Personal Data only for the purpose of {{processingPurpose}}.

## 2. Details of Processing

### Categories of personal data

{{dataCategories}}

### Data subjects

{{dataSubjects}}

### Duration

For the term of the Agreement plus the deletion period in section 8.

## 3. Instructions

Processor processes Client Personal Data only on Client's documented instructions, including those in the Agreement, and will tell Client if it believes an instruction breaks applicable law. Processor will not sell or share Client Personal Data, or use it for any purpose other than providing the services, including for training machine-learning models, unless Client instructs it in writing.

## 4. Confidentiality of Personnel

Processor ensures that everyone authorised to process Client Personal Data is bound by confidentiality and receives appropriate data-protection training.

## 5. Security

Processor maintains appropriate technical and organisational measures, including:
- encryption of data in transit (TLS 1.2 or later) and at rest;
- role-based access with multi-factor authentication for administrative access;
- audit logging of administrative and workflow activity;
- regular backups with tested restores; and
- prompt patching of systems that process Client Personal Data.

## 6. Sub-processors

Client authorises the following sub-processors:

{{subprocessors}}

Processor will give Client at least 30 days' notice of a new sub-processor, during which Client may object on reasonable data-protection grounds. Processor imposes data-protection terms on each sub-processor no less protective than this DPA and remains responsible for their performance.

## 7. Personal Data Breaches

Processor will notify Client without undue delay, and in any case within {{breachNotificationHours}} hours, after becoming aware of a breach of security leading to the accidental or unlawful destruction, loss, alteration, unauthorised disclosure of, or access to, Client Personal Data. The notice will describe the breach, the data affected, the likely consequences and the measures taken. Notices are sent to Client's contacts of record; Client may report concerns to {{supportEmail}}.

## 8. Deletion and Return

Within {{defaultRetentionDays}} days after the Agreement ends, Processor will delete or return all Client Personal Data at Client's choice, unless the law requires it to be kept, in which case it remains protected by this DPA.

## 9. Assistance and Audits

Processor will help Client respond to requests from data subjects and regulators, and will make available the information reasonably needed to demonstrate compliance with this DPA, including by answering security questionnaires once a year.

## 10. Governing Law

This DPA is governed by the laws of the State of {{defaultGoverningLaw}}. If this DPA conflicts with the Agreement on the protection of personal data, this DPA controls.

## Signatures

{{clientName}}
By: ______________________________
Name: {{clientSignatoryName}}
Title: {{clientSignatoryTitle}}

{{providerLegalEntity}}
By: ______________________________
Name: {{providerSignatoryName}}
Title: {{providerSignatoryTitle}}
`,
};
