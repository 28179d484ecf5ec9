import { describe, expect, it } from 'vitest';
import { brand } from '#shared/brand.ts';
import { manualRunsGrantedMail, manualRunsGrantedSubject } from './manual-runs-granted.tsx';

// The mail a client gets when manual runs are switched on: both parts say it, with the way
// to their processes as a link.

describe('manual runs granted mail', () => {
  it('says manual runs are on and links to the processes', async () => {
    const url = 'https://portal.example.test/client/processes';
    const mail = await manualRunsGrantedMail({ processesUrl: url });
    expect(mail.subject).toBe(manualRunsGrantedSubject);
    expect(mail.text).toContain('you can now run your workflows by hand');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain(brand.name);
    expect(mail.html).toContain('You get this e-mail because you asked for manual runs');
  });
});
