import { changeOrder } from './change-order.ts';
import { dataProcessingAddendum } from './data-processing-addendum.ts';
import { independentContractorAgreement } from './independent-contractor-agreement.ts';
import { masterServicesAgreement } from './master-services-agreement.ts';
import { mutualNda } from './mutual-nda.ts';
import { serviceLevelAgreement } from './service-level-agreement.ts';
import { statementOfWork } from './statement-of-work.ts';
import type { TemplateDefinition } from './types.ts';
import { websitePrivacyPolicy } from './website-privacy-policy.ts';

/** The template library in the order the page lists it. */
export const templates: readonly TemplateDefinition[] = [
  masterServicesAgreement,
  statementOfWork,
  mutualNda,
  serviceLevelAgreement,
  dataProcessingAddendum,
  websitePrivacyPolicy,
  independentContractorAgreement,
  changeOrder,
];

const byId = new Map(templates.map((t) => [t.id, t]));

export const findTemplate = (id: string): TemplateDefinition | undefined => byId.get(id);
