import { paymentChannels, type PaymentChannelName } from '@pcb/contract/payment';

/**
 * `?channel=` of the success screens. Apart from result-links.ts: the channel list brings the
 * payment contract, which /TheOrders/payFail does not otherwise load.
 */
export const channelFrom = (value: string | null): PaymentChannelName | null =>
  paymentChannels.find((c) => c === value) ?? null;
