// The consulting page's services and approach (SPEC §2 Consulting). Ids are the anchors.

export type ConsultingIcon = 'compass' | 'clipboard' | 'layers' | 'sparkles' | 'chart' | 'search';

export interface ConsultingService {
  id:
    | 'strategic-planning'
    | 'it-assessment'
    | 'digital-transformation'
    | 'ai-strategy'
    | 'data-analytics'
    | 'due-diligence';
  icon: ConsultingIcon;
  title: string;
  text: string;
  deliverable: string;
}

export const consultingServices: readonly ConsultingService[] = [
  {
    id: 'strategic-planning',
    icon: 'compass',
    title: 'Technology Strategy & Planning',
    text: 'A 12- to 24-month plan that ties software spending to business goals: what to build, buy, replace or leave alone, and in which order.',
    deliverable: 'A prioritized roadmap with budgets and milestones',
  },
  {
    id: 'it-assessment',
    icon: 'clipboard',
    title: 'IT & Systems Assessment',
    text: 'A review of your applications, integrations, hosting, security and licences, with the risks and the overlaps that cost you money.',
    deliverable: 'A findings report ranked by risk and savings',
  },
  {
    id: 'digital-transformation',
    icon: 'layers',
    title: 'Digital Transformation',
    text: 'Moving paper, e-mail and spreadsheet processes into connected systems, one department at a time, with training so the change sticks.',
    deliverable: 'A phased migration plan and process maps',
  },
  {
    id: 'ai-strategy',
    icon: 'sparkles',
    title: 'AI Strategy & Readiness',
    text: 'Where AI agents and language models can save real time in your business, what data they need, and the privacy rules they must follow.',
    deliverable: 'A shortlist of use cases with cost and payback estimates',
  },
  {
    id: 'data-analytics',
    icon: 'chart',
    title: 'Data & Analytics',
    text: 'One trusted source for the numbers you run the business on: data models, pipelines from your systems, and dashboards people use.',
    deliverable: 'A metrics definition and a working dashboard',
  },
  {
    id: 'due-diligence',
    icon: 'search',
    title: 'Technical Due Diligence',
    text: 'An independent look at a product or vendor before you invest, acquire or sign: code quality, architecture, security and the team’s practices.',
    deliverable: 'A written assessment with red flags and remediation costs',
  },
];

export const consultingApproach = [
  {
    title: 'Discovery',
    text: 'Interviews with the people who do the work and a look at the systems they use, so advice starts from facts.',
  },
  {
    title: 'Analysis',
    text: 'We map processes, costs and risks, and measure where time and money are actually going.',
  },
  {
    title: 'Strategy',
    text: 'Options with their costs, savings and trade-offs, and a clear recommendation you can take to your board or budget.',
  },
  {
    title: 'Implementation',
    text: 'We can build the plan ourselves, support your team or brief another vendor; the plan is yours either way.',
  },
] as const;
