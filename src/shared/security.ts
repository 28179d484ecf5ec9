import { z } from 'zod';

// The admin IP lock form (SPEC §2 Security, §5 "Allowed IP is required" titled Validation).

export const securityMessages = {
  validationTitle: 'Validation',
  required: 'Allowed IP is required',
  invalid: 'Enter a single IPv4 or IPv6 address, e.g. 203.0.113.7.',
} as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i;

export const isIpAddress = (value: string) =>
  IPV4.test(value) || (value.includes(':') && IPV6.test(value) && value.split('::').length <= 2);

export const AdminAllowedIpSchema = z.object({
  ip: z
    .string({ error: securityMessages.required })
    .trim()
    .min(1, securityMessages.required)
    .max(45, securityMessages.invalid)
    .refine((v) => v === '' || isIpAddress(v), securityMessages.invalid),
});

/** Every admin IP lock call answers the caller's address and the lock now in force. */
export const SecurityStateSchema = z.object({
  /** The address this request came from, as the server sees it. */
  ip: z.string(),
  /** The one address allowed into the admin area, or null when there is no lock. */
  allowedIp: z.string().nullable(),
});
export type SecurityState = z.infer<typeof SecurityStateSchema>;
