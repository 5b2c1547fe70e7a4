// The one-line Chinese summary of a PCB order's parameters, the same for the quote page, the
// order lists and `GET /api/Pcb/GetOrderParamString`.
import {
  deliveryLabels,
  finishLabels,
  maskColorLabels,
  materialLabels,
  silkColorLabels,
  testLabels,
  buildTimeLabels,
  viaLabels,
  type PcbParams,
} from './pcb-params';

/** `2层 | 100×100mm | 10片 | 1.6mm | 绿油白字 | 有铅喷锡 | 1oz | 过孔盖油 | 抽测` */
export function pcbParamString(p: PcbParams): string {
  const parts = [`${p.layers}层`, `${p.lengthMm}×${p.widthMm}mm`];
  if (p.delivery === 'single') parts.push(`${p.quantity}片`);
  else if (p.delivery === 'panelByCustomer')
    parts.push(`${p.quantity}件（${deliveryLabels.panelByCustomer}）`);
  else {
    const boards = p.quantity * p.panelRows * p.panelColumns;
    parts.push(
      `${p.quantity}件（${deliveryLabels.panelByFactory}${p.panelRows}×${p.panelColumns}，共${boards}片）`,
    );
  }
  if (p.designs > 1) parts.push(`${p.designs}款`);
  if (p.material !== 'fr4-tg135') parts.push(materialLabels[p.material]);
  parts.push(`${p.thicknessMm.toFixed(1)}mm`);
  parts.push(`${maskColorLabels[p.maskColor]}油${silkColorLabels[p.silkColor]}字`);
  parts.push(finishLabels[p.finish]);
  parts.push(
    p.layers >= 4 ? `外${p.outerCopperOz}oz内${p.innerCopperOz}oz` : `${p.outerCopperOz}oz`,
  );
  parts.push(viaLabels[p.vias]);
  if (p.minTrackMil < 6) parts.push(`${p.minTrackMil}/${p.minTrackMil}mil`);
  if (p.minHoleMm < 0.3) parts.push(`孔${p.minHoleMm}mm`);
  if (p.goldFingers) parts.push(p.bevel ? '金手指斜边' : '金手指');
  if (p.impedance) parts.push('阻抗');
  if (p.castellated) parts.push('半孔');
  if (p.edgePlating) parts.push('金属包边');
  parts.push(testLabels[p.test]);
  if (p.buildTime !== 'standard') parts.push(buildTimeLabels[p.buildTime]);
  if (p.confirmProductionFile) parts.push('确认生产稿');
  return parts.join(' | ');
}
