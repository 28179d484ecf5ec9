import { brand } from '#shared/brand.ts';
import type { LegalDocument, LegalSection } from './legal.ts';

// SPEC §2 Terms: 13 numbered sections plus Contact, governed by Minnesota law.

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: 'April 10, 2025',
  updatedIso: '2025-04-10',
  intro: `These terms govern your use of the ${brand.name} website, client portal and services. By using them, or by ticking the box when you create an account, you agree to these terms on behalf of yourself and the business you represent.`,
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      blocks: [
        'If you do not agree to these terms, do not use our website, portal or services. A signed proposal or statement of work for a project forms part of your agreement with us; where it conflicts with these terms, the signed document wins.',
      ],
    },
    {
      id: 'services',
      title: 'Our Services',
      blocks: [
        'We provide software development, integration and automation, hosting, support, consulting and pre-built AI agents. The scope, deliverables, timeline and price of each engagement are set out in a proposal or statement of work.',
        'Estimates given before a proposal is signed are for guidance only.',
      ],
    },
    {
      id: 'accounts',
      title: 'Accounts and the Client Portal',
      blocks: [
        'You must give accurate information when you register and keep your password confidential. You are responsible for everything done under your account, including by team members you invite. Tell us at once if you suspect unauthorized access.',
        'Features available in the portal depend on your plan. We may suspend access to protect the service or other clients, and will tell you why.',
      ],
    },
    {
      id: 'responsibilities',
      title: 'Your Responsibilities',
      blocks: [
        'You agree not to:',
        {
          list: [
            'use our services for anything unlawful, harmful or fraudulent;',
            'send data you have no right to process, or malware;',
            'try to reach data or systems that are not yours, or test our security without written permission;',
            'overload the service or get around usage limits;',
            'resell the service without our written agreement.',
          ],
        },
        'You are responsible for the content and data you give us and for having the rights and consents needed for us to process it.',
      ],
    },
    {
      id: 'fees',
      title: 'Proposals, Fees and Payment',
      blocks: [
        'Fees are set out in your proposal or plan. Unless it says otherwise, invoices are due within 15 days. Late amounts may incur a fee of 1.5% per month or the highest rate the law allows, whichever is lower, and we may pause work or hosted services while an invoice is more than 30 days overdue.',
        'Work outside the agreed scope is quoted separately before it starts.',
      ],
    },
    {
      id: 'subscriptions',
      title: 'Subscriptions and Billing',
      blocks: [
        'Hosting, support and portal plans renew automatically each billing period until cancelled. You can change or cancel a plan from the billing portal; a cancellation takes effect at the end of the current period. Payments are processed by our billing provider under its own terms.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      blocks: [
        'Once you have paid for it in full, you own the custom code and designs we create specifically for you. We keep ownership of our pre-existing tools, libraries, templates and pre-built agents, and grant you a non-exclusive licence to use them as part of your deliverables.',
        'Open-source components remain under their own licences. The content and trademarks on this website belong to us.',
      ],
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      blocks: [
        'Each party will keep the other’s non-public business information confidential, use it only for the engagement, and protect it with at least reasonable care. This duty lasts for three years after the engagement ends, and for trade secrets as long as they remain secret.',
      ],
    },
    {
      id: 'third-party-services',
      title: 'Third-Party Services',
      blocks: [
        'Our work often connects to services run by others, such as your CRM, accounting software, payment processor or cloud provider. Those services are governed by their own terms, and we are not responsible for their availability or changes to them.',
      ],
    },
    {
      id: 'warranties',
      title: 'Warranties and Disclaimers',
      blocks: [
        'We will perform our services with professional skill and care. We will fix defects in our deliverables that you report within 30 days of delivery at no charge. Hosted services carry the uptime commitment stated in your plan; the remedy for missing it is the service credit set out there.',
        'Except as stated in these terms, our website and services are provided “as is”, without other warranties, express or implied, including merchantability and fitness for a particular purpose.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      blocks: [
        'Neither party is liable for indirect, incidental, special or consequential damages, or for lost profits or data, even if advised they were possible. Each party’s total liability under these terms is limited to the fees you paid us in the 12 months before the claim.',
        'These limits do not apply to your payment obligations, to a breach of confidentiality, or where the law does not allow them.',
      ],
    },
    {
      id: 'termination',
      title: 'Term and Termination',
      blocks: [
        'Either party may end an engagement with 30 days’ written notice, or at once if the other party materially breaches these terms and does not cure the breach within 15 days of notice. You pay for work done and services provided up to the end date.',
        'When an engagement ends we will hand over your code and give you an export of your data, and delete our copies within 90 days unless the law requires us to keep them.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing Law and Disputes',
      blocks: [
        'These terms are governed by the laws of the State of Minnesota, without regard to its conflict-of-law rules. Any dispute will be heard in the state or federal courts located in Hennepin County, Minnesota, and both parties consent to their jurisdiction.',
        'Before going to court, we will each try in good faith to resolve the dispute through a call between decision-makers within 30 days of written notice.',
      ],
    },
  ],
};

/** The unnumbered section after the 13 (SPEC §2: "13 sections plus Contact"). */
export const termsContact: LegalSection = {
  id: 'contact',
  title: 'Contact',
  blocks: ['Questions about these terms? Contact us:', { contact: true }],
};
