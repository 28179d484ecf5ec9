import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  isStripeError,
  type StripeApi,
  stripeErrorText,
} from '#server/integrations/stripe/client.ts';
import { type ProviderCalls, providerCalls } from '../provider-calls.ts';

// What every part of the Stripe provider works with: its dependencies, the audit of a
// billing change, and Stripe trouble answered 502 with Stripe's code to an admin.

export interface StripeProviderDeps {
  db: Db;
  stripe: StripeApi;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** STRIPE_AUTOMATIC_TAX: Checkout has Stripe Tax add sales tax. */
  automaticTax: boolean;
}

export interface StripeContext extends StripeProviderDeps, ProviderCalls {}

export function stripeContext(deps: StripeProviderDeps): StripeContext {
  const calls = providerCalls(deps.db, deps.log, {
    name: 'Stripe',
    failure: (error) =>
      isStripeError(error)
        ? {
            log: { stripeCode: error.code, requestId: error.requestId },
            detail: stripeErrorText(error) ?? error.message,
          }
        : null,
  });
  return { ...deps, ...calls };
}
