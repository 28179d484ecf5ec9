import { describe, expect, it } from 'vitest';
import {
  ContactFormSchema,
  ContactSubmissionSchema,
  contactMessages as m,
  toSubmission,
} from './contact.ts';

const form = {
  name: 'Jo Smith',
  email: 'jo@example.com',
  interest: 'web',
  message: 'Build a portal',
};
const errors = (input: object) => {
  const r = ContactFormSchema.safeParse(input);
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contact form rules (SPEC §5)', () => {
  it('requires name, email, interest and message; blanks count as empty', () => {
    expect(errors({ name: '  ', email: ' ', interest: '', message: '\n' })).toEqual({
      name: m.name,
      email: m.emailRequired,
      interest: m.interest,
      message: m.message,
    });
  });

  it.each(['jo@', 'jo@example', 'jo example@x.com'])('refuses the email %s', (email) => {
    expect(errors({ ...form, email })).toEqual({ email: m.email });
  });

  it.each(['612-555-0148', '(612) 555-0148', '+1 612.555.0148', '+44 612 555 0148', '6125550148'])(
    'accepts the phone %s',
    (phone) => expect(errors({ ...form, phone })).toEqual({}),
  );

  it.each(['555-0148', '+123 612 555 0148', '612-555-01489', 'call me'])(
    'refuses the phone %s',
    (phone) => {
      expect(errors({ ...form, phone })).toEqual({ phone: m.phone });
    },
  );

  it('accepts a website with or without the scheme, and refuses nonsense', () => {
    expect(errors({ ...form, website: 'example.com' })).toEqual({});
    expect(errors({ ...form, website: 'https://shop.example.com/path' })).toEqual({});
    expect(errors({ ...form, website: 'not a site' })).toEqual({ website: m.website });
  });
});

describe('sending', () => {
  it('turns codes into labels, drops empties and removes contractType', () => {
    expect(
      toSubmission({
        ...form,
        budget: 'medium',
        timeline: '',
        teamSize: 'solo',
        contractType: 'fixed',
        company: ' ',
      }),
    ).toEqual({
      name: 'Jo Smith',
      email: 'jo@example.com',
      interest: 'Web Development',
      message: 'Build a portal',
      budget: '$5,000 - $25,000',
      teamSize: 'Solo entrepreneur',
    });
  });

  it('the server takes labels or codes and stores labels', () => {
    const parsed = ContactSubmissionSchema.parse({
      ...form,
      interest: 'Automation & AI Agents',
      budget: 'large',
    });
    expect(parsed.interest).toBe('Automation & AI Agents');
    expect(parsed.budget).toBe('$25,000 - $100,000');
    expect(
      ContactSubmissionSchema.safeParse({ ...form, interest: 'Hacking' }).error?.issues[0]?.message,
    ).toBe(m.interest);
  });
});
