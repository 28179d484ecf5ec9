import { describe, expect, it } from 'vitest';
import { agents, filterAgents } from './agents.ts';

const ids = (query: string) => filterAgents(agents, query).map((agent) => agent.id);

describe('agent catalogue (SPEC §3)', () => {
  it('holds the five agents of the spec with their categories', () => {
    expect(agents.map((a) => [a.id, a.title, a.category])).toEqual([
      ['voice-assistant', 'Voice Assistant Agent', 'Communication'],
      ['email-triage', 'Email Triage Agent', 'Productivity'],
      ['knowledge-store', 'Knowledge Store Agent', 'Knowledge Management'],
      ['calendar-agent', 'Calendar Agent', 'Scheduling'],
      ['task-management', 'Task Management Agent', 'Productivity'],
    ]);
  });
});

describe('filterAgents', () => {
  it('returns every agent for an empty or blank query', () => {
    expect(ids('')).toHaveLength(5);
    expect(ids('   ')).toHaveLength(5);
  });

  it('matches the title, ignoring case and surrounding spaces', () => {
    expect(ids('  CALENDAR agent ')).toEqual(['calendar-agent']);
  });

  it('matches the description', () => {
    expect(ids('voice note')).toEqual(['voice-assistant']);
  });

  it('matches the category', () => {
    expect(ids('productivity')).toEqual(['email-triage', 'task-management']);
    expect(ids('Knowledge Management')).toEqual(['knowledge-store']);
  });

  it('matches a tag', () => {
    expect(ids('gmail')).toEqual(['email-triage']);
    expect(ids('Cited ANSWERS')).toEqual(['knowledge-store']);
  });

  it('returns nothing when no field matches', () => {
    expect(ids('blockchain')).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const before = agents.map((a) => a.id);
    filterAgents(agents, 'email');
    expect(agents.map((a) => a.id)).toEqual(before);
  });
});
