import { describe, expect, it } from 'vitest';
import { planCapabilities } from '#shared/plans.ts';
import { retention, retentionSentences, runLogDays } from '#shared/retention.ts';
import { INVITE_TTL_DAYS } from '#shared/team.ts';
import { privacyPolicy } from './privacy.ts';

// The privacy policy says what the retention job does: this fails when a
// number in the policy and the number the job enforces disagree.

const policyText = JSON.stringify(privacyPolicy);

describe('retention periods and the privacy policy', () => {
  it('the policy carries every retention sentence, built from the enforced numbers', () => {
    for (const sentence of Object.values(retentionSentences))
      expect(policyText).toContain(sentence);
    expect(retentionSentences.enquiries).toContain('up to two years');
    expect(retention.enquiriesDays).toBe(730);
    expect(retentionSentences.runsAndAccounts).toContain(
      `up to ${retention.closedAccountDays} days after it closes`,
    );
    expect(retentionSentences.backups).toContain(`within ${retention.backupsDays} days`);
    expect(retentionSentences.mail).toContain(`kept for ${retention.mailDays} days`);
    expect(retentionSentences.securityLogs).toContain('kept for one year');
    expect(retention.auditDefaultDays).toBe(365);
    expect(retentionSentences.mail).toContain('number, date, amounts and the company name');
  });

  it('names the run-log retention of every plan, as the plans define it', () => {
    const days = Object.values(planCapabilities).map((caps) => caps.logsRetentionDays);
    expect(runLogDays).toEqual([...new Set(days)].sort((a, b) => a - b));
    expect(retentionSentences.runsAndAccounts).toContain(`${runLogDays.join(' or ')} days`);
  });

  it('keeps undelivered one-time links no longer than an invite lives', () => {
    expect(retention.sensitiveMailDays).toBe(INVITE_TTL_DAYS);
  });
});
