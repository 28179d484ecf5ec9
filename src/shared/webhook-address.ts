// What a save says about a webhook address the outbound module's guard will refuse at
// call time (a private, loopback or other non-public address): the save still succeeds,
// since the address may be right for a server with ALLOW_PRIVATE_WEBHOOKS on. An admin
// is told of that setting; a client, who cannot change it, is told what to use instead.

export type AddressAudience = 'admin' | 'client';

export function refusedAddressWarning(label: string, address: string, audience: AddressAudience) {
  const where = `The ${label} points at a private, loopback or other non-public address (${address})`;
  return audience === 'admin'
    ? `${where}; calls to it will be refused unless ALLOW_PRIVATE_WEBHOOKS is on.`
    : `${where}; notices sent to it will be refused. Use an address reachable from the internet.`;
}
