import { z } from 'zod';
import { missing, missingInProduction, text, urlOr } from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import { cachedTracking } from './cached-tracking';
import { createKuaidi100Tracking } from './kuaidi100-tracking';
import type { ParcelTracking } from './parcel-tracking';

/**
 * Where parcels are: without a Kuaidi100 account the events staff enter (embedded); production
 * refuses that.
 */
export type ParcelTrackingConfig =
  | { provider: 'embedded' }
  | { provider: 'kuaidi100'; customer: string; key: string; endpoint: string };

/** The tracking service parcels are asked of (Kuaidi100), or the events staff enter. */
export const parcelTrackingIntegration = integration({
  env: z.object({
    KUAIDI100_CUSTOMER: text(),
    KUAIDI100_KEY: text(),
    KUAIDI100_ENDPOINT: urlOr('https://poll.kuaidi100.com/poll/query.do'),
  }),
  problems: (env, { isProduction }) =>
    env.KUAIDI100_CUSTOMER
      ? missing(env, ['KUAIDI100_KEY'], 'KUAIDI100_CUSTOMER is set')
      : isProduction
        ? missingInProduction(
            env,
            ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY'],
            'the embedded parcel tracking cannot be used there',
          )
        : [],
  settings: (env): ParcelTrackingConfig =>
    env.KUAIDI100_CUSTOMER
      ? {
          provider: 'kuaidi100',
          customer: env.KUAIDI100_CUSTOMER,
          key: env.KUAIDI100_KEY ?? '',
          endpoint: env.KUAIDI100_ENDPOINT,
        }
      : { provider: 'embedded' },
  create: (
    settings,
    { store }: Pick<IntegrationContext, 'store'>,
    options: {
      /** A tracking service instead of the one the environment selects (tests); cached as it is. */
      parcelTracking?: ParcelTracking;
    },
  ) => {
    const service =
      options.parcelTracking ??
      (settings.provider === 'kuaidi100' ? createKuaidi100Tracking(settings) : null);
    return {
      provides: {
        /**
         * The tracking service parcels are asked of (Kuaidi100), its answers cached in the
         * store, or null for the embedded provider, which the express module builds on the
         * parcels' events.
         */
        parcelTracking: service && cachedTracking(service, store),
      },
    };
  },
});
