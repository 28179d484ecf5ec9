import { field, type TemplateDefinition } from './types.ts';

export const changeOrder: TemplateDefinition = {
  id: 'change-order',
  name: 'Change Order',
  description:
    'Records an agreed change to a Statement of Work: what changes, why, and the effect on fees and the timeline.',
  category: 'Other',
  useCases: ['Scope changes mid-project', 'Extra integrations or workflows', 'Timeline changes'],
  fields: [
    field('changeOrderNumber', 'Change order number', 'Reference for this change.', 'CO-001'),
    field('sowNumber', 'SOW number', 'The Statement of Work being changed.', 'SOW-001'),
    field('changeDescription', 'Change description', 'What changes, one item per line.', ''),
    field('changeReason', 'Reason for change', 'Why the change is needed.', '', {
      input: 'textarea',
    }),
    field('costImpact', 'Cost impact', 'Added (or removed) fees for this change.', '', {
      input: 'currency',
    }),
    field('scheduleImpactDays', 'Schedule impact (days)', 'Days added to the timeline.', '0', {
      input: 'number',
    }),
  ],
  defaults: { changeOrderNumber: 'CO-001', sowNumber: 'SOW-001' },
  body: `# Change Order {{changeOrderNumber}}

Project: {{projectName}}
Statement of Work: {{sowNumber}}
Date: {{effectiveDate}}
Between: {{providerName}} and {{clientName}} ("Client")

## 1. Description of Change

{{changeDescription}}

## 2. Reason for Change

{{changeReason}}

## 3. Impact

- Fees: {{costImpact}}, invoiced on signature of this Change Order unless stated otherwise above.
- Timeline: the target completion date moves by {{scheduleImpactDays}} days.
- Work outside this Change Order that Client requests is billed at {{defaultHourlyRate}} per hour with Client's prior written approval.

## 4. Effect

Except as changed here, the Statement of Work and the agreement it forms part of remain in full force. This Change Order becomes effective when signed by both parties.

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
