import { describe, expect, it } from 'vitest';
import { runEnquiryHref, runEnquiryMessage } from './run-enquiry.ts';

describe('asking about a failed run', () => {
  it('links to the enquiry form with the run id, which the message starts with', () => {
    const id = '0b9c6f1e-3d2a-4c4b-9a57-1f2e3d4c5b6a';
    const href = runEnquiryHref(id);
    expect(href).toBe(`/contact?run=${id}`);
    expect(runEnquiryMessage(href.slice(href.indexOf('?')))).toContain(`run id ${id}`);
  });

  it('ignores anything that is not a run id', () => {
    expect(runEnquiryMessage('')).toBeNull();
    expect(runEnquiryMessage('?run=<script>')).toBeNull();
    expect(runEnquiryMessage('?other=1')).toBeNull();
  });
});
