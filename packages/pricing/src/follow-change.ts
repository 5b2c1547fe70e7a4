// When the member's choice makes another field refused (4层 with 抽测), that field follows by
// itself where the rule leaves one answer, or where the factory names the one to take, and the
// member is told what moved. The tables name each rule's answer; any other refusal stays for the
// member to fix (a design's smallest hole or track is a fact about the file, never guessed).
import { pcbFields, thicknesses, type FieldSpec, type PcbParams } from './pcb-params';
import { minThicknessForLayers, validatePcb } from './pcb-validate';
import type { Issue } from './quote';
import type { PriceSheet } from './sheet';
import { smtFields, validateSmt, type SmtParams } from './smt';

/** One field moved on the member's behalf, and the sentence that says so. */
export interface FollowedField {
  field: string;
  from: unknown;
  to: unknown;
  /** The rule and the move: 「4层及以上的板须飞针全测或测试架测试，电测已改为飞针全测」. */
  message: string;
}

/** Per rule code: the value the refused field takes. */
export type FollowRules<P> = Record<string, (params: P) => unknown>;

interface FollowSpec<P> {
  validate: (params: P) => Issue[];
  fields: Record<string, FieldSpec>;
  rules: FollowRules<P>;
}

const issueKey = (i: Issue) => `${i.field} ${i.code}`;

/**
 * The parameters after `changed` (the fields the member just set, never moved) with every
 * refused field that a rule answers moved to that answer. A move is made only when it clears
 * its field and brings no refusal that was not there before; moves may chain (a move's own
 * rule answered next).
 */
export function followChange<P extends object>(
  spec: FollowSpec<P>,
  params: P,
  changed: readonly string[],
): { params: P; followed: FollowedField[] } {
  const fixed = new Set(changed);
  const followed: FollowedField[] = [];
  let current = params;
  const valueOf = (p: P, field: string) => (p as Record<string, unknown>)[field];
  // Each round moves one field, and a moved field is fixed: the rounds end.
  for (;;) {
    const issues = spec.validate(current);
    const before = new Set(issues.map(issueKey));
    const move = issues
      .filter((issue) => !fixed.has(issue.field) && spec.rules[issue.code])
      .map((issue) => {
        const to = spec.rules[issue.code]!(current);
        const next = { ...current, [issue.field]: to } as P;
        const after = spec.validate(next);
        const clears =
          to !== valueOf(current, issue.field) &&
          !after.some((i) => i.field === issue.field) &&
          after.every((i) => before.has(issueKey(i)));
        return clears ? { issue, to, next } : null;
      })
      .find((m) => m !== null);
    if (!move) break;
    const { issue, to, next } = move;
    const field = spec.fields[issue.field];
    const label = field?.options?.find((o) => o.value === to)?.label ?? String(to);
    followed.push({
      field: issue.field,
      from: valueOf(current, issue.field),
      to,
      message: `${issue.message}，${field?.label ?? issue.field}已改为${label}`,
    });
    fixed.add(issue.field);
    current = next;
  }
  return { params: current, followed };
}

/** The thinnest offered board at least `mm` thick. */
const thinnestFrom = (mm: number) => thicknesses.find((t) => t >= mm) ?? mm;

/**
 * PCB: each rule whose answer is one value. 电测 goes to 飞针全测, the test pcb-domain.md names
 * as required from 4 layers (测试架 is for volume, the member may still choose it); a rush tier
 * no longer offered goes back to 标准交期; a board too thin goes to the thinnest allowed.
 */
export const pcbFollowRules: FollowRules<PcbParams> = {
  'pcb.test.fullFrom4Layers': () => 'flyingProbeFull',
  'pcb.silk.whiteMask': () => 'black',
  'pcb.silk.mustBeWhite': () => 'white',
  'pcb.bevel.needsGoldFingers': () => false,
  'pcb.thickness.minForLayers': (p) => thinnestFrom(minThicknessForLayers[p.layers] ?? 0.4),
  'pcb.thickness.aluminium': () => thinnestFrom(1.0),
  'pcb.buildTime.unavailable': () => 'standard',
};

/** SMT: no stencil for a board with only through-hole joints; rush beyond its limit: standard. */
export const smtFollowRules: FollowRules<SmtParams> = {
  'smt.stencil.noSmd': () => false,
  'smt.buildTime.unavailable': () => 'standard',
};

export const followPcbChange = (sheet: PriceSheet, params: PcbParams, changed: readonly string[]) =>
  followChange(
    { validate: (p) => validatePcb(p, sheet), fields: pcbFields, rules: pcbFollowRules },
    params,
    changed,
  );

export const followSmtChange = (sheet: PriceSheet, params: SmtParams, changed: readonly string[]) =>
  followChange(
    { validate: (p) => validateSmt(p, sheet), fields: smtFields, rules: smtFollowRules },
    params,
    changed,
  );
