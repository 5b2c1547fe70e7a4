import type { ComponentType } from 'react';
import type { PcbParams } from '@pcb/pricing';

/**
 * The PCB parameter form 修改订单 shows. The quote feature owns parameter forms; the route
 * hands its editor to the detail page (app/routes/order-detail-route.tsx), loaded on demand.
 */
export interface ParamEditorProps {
  params: PcbParams;
  /** Every change, and whether the pricing engine accepts the parameters as they are. */
  onChange: (params: PcbParams, valid: boolean) => void;
}

/** The editor as the route gives it: a lazy component (it suspends while its code arrives). */
export type ParamEditor = ComponentType<ParamEditorProps>;
