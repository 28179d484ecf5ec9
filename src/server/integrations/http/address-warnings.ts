import { type AddressAudience, refusedAddressWarning } from '#shared/webhook-address.ts';
import { refusedAddressOf } from './outbound.ts';

/**
 * A warning for each URL of a save that the SSRF guard will refuse at call time (host
 * names resolved with a short timeout; a failed lookup warns about nothing). Empty when
 * ALLOW_PRIVATE_WEBHOOKS is on.
 */
export async function refusedAddressWarnings(
  urls: { label: string; url: string | null | undefined }[],
  options: { allowPrivate: boolean; audience: AddressAudience },
): Promise<string[]> {
  if (options.allowPrivate) return [];
  const warnings = await Promise.all(
    urls.map(async ({ label, url }) => {
      const address = url ? await refusedAddressOf(url) : null;
      return address ? refusedAddressWarning(label, address, options.audience) : null;
    }),
  );
  return warnings.filter((warning) => warning !== null);
}
