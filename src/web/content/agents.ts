// The catalogue of pre-built AI agents (SPEC §3 Agent catalogue entry), shown on the
// home and services pages. Static data: the five agents the provider ships today.

export type AgentIcon = 'voice' | 'mail' | 'book' | 'calendar' | 'tasks';

export interface Agent {
  id: string;
  title: string;
  description: string;
  icon: AgentIcon;
  tags: readonly string[];
  category: string;
}

export const agents: readonly Agent[] = [
  {
    id: 'voice-assistant',
    title: 'Voice Assistant Agent',
    description:
      'Send a text or a voice note from the messaging app your team already uses. The agent transcribes it, does the task and answers in the same chat.',
    icon: 'voice',
    tags: ['voice', 'text', 'messaging', 'chat', 'transcription', 'assistant'],
    category: 'Communication',
  },
  {
    id: 'email-triage',
    title: 'Email Triage Agent',
    description:
      'Reads unread mail as it arrives and labels each message by topic and urgency, so the inbox is sorted before anyone opens it.',
    icon: 'mail',
    tags: ['email', 'inbox', 'labels', 'triage', 'gmail', 'outlook'],
    category: 'Productivity',
  },
  {
    id: 'knowledge-store',
    title: 'Knowledge Store Agent',
    description:
      'Answers questions from the documents in your cloud drive and names the file each answer came from. No more digging through folders.',
    icon: 'book',
    tags: ['documents', 'cloud drive', 'search', 'knowledge base', 'questions', 'cited answers'],
    category: 'Knowledge Management',
  },
  {
    id: 'calendar-agent',
    title: 'Calendar Agent',
    description:
      'Checks availability, then creates, moves or cancels events from a plain-language request such as “find 30 minutes with Sam next week”.',
    icon: 'calendar',
    tags: ['calendar', 'meetings', 'availability', 'events', 'booking'],
    category: 'Scheduling',
  },
  {
    id: 'task-management',
    title: 'Task Management Agent',
    description:
      'Creates, views, updates and deletes tasks in your task list from chat, so owners and due dates stay current without opening another app.',
    icon: 'tasks',
    tags: ['tasks', 'to-do', 'projects', 'deadlines', 'updates'],
    category: 'Productivity',
  },
];

/**
 * The agents whose title, description, category or a tag contains the query, ignoring
 * case and surrounding spaces. An empty query matches every agent.
 */
export function filterAgents(list: readonly Agent[], query: string): Agent[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter((agent) =>
    [agent.title, agent.description, agent.category, ...agent.tags].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
