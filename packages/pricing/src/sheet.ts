// The price sheet: everything a price is made of, as data (JSON). The server keeps versions of
// it in PostgreSQL; every quote and order records the version it was priced with.
import type { Rational } from './money';
import type {
  BuildTime,
  Finish,
  MaskColor,
  Material,
  PcbLayers,
  PcbTest,
  ViaTreatment,
} from './pcb-params';
import type { Courier, Zone } from './shipping';

/** A charge: `fixed` fen per design (per order for SMT and stencils) plus `perM2` fen per m². */
export interface Surcharge {
  fixed: number;
  perM2: number;
}

/** A fixed-price offer for small boards (嘉立创's 10 × 10 cm, JLCPCB's $2 for 5). */
export interface BoardPackage {
  code: string;
  name: string;
  layers: PcbLayers[];
  materials: Material[];
  /** Both sides of the delivered piece fit inside max × max (either orientation). */
  maxLengthMm: number;
  maxWidthMm: number;
  maxQuantity: number;
  /** The board fee of the package, fen. */
  price: number;
  /** The package includes the engineering fee. */
  engineeringIncluded: boolean;
}

/** The batch price per m² from an area (mm²) on; the bands of one layer count, ascending. */
export interface AreaBand {
  fromAreaMm2: number;
  pricePerM2: number;
}

export interface RushTier {
  /** Working days of the tier (24 h = 1). */
  days: number;
  maxLayers: number;
  maxAreaMm2: number;
  /** `fixed` is per order here. */
  fee: Surcharge;
}

export interface CourierRates {
  name: string;
  /** Fen for the first kilogram and each further (started) kilogram, by zone. */
  firstKg: Record<Zone, number>;
  extraKg: Record<Zone, number>;
}

export interface PcbSheet {
  /** A sample (样板) is below both limits; anything else is batch (小批量 / 批量). */
  sample: { areaBelowMm2: number; quantityBelow: number };
  packages: BoardPackage[];
  engineering: Record<PcbLayers, number>;
  /** Orders from this area (mm²) on pay no engineering fee. */
  engineeringWaivedFromAreaMm2: number;
  /** Samples pay per started step of area: ⌈area ÷ step⌉ × price. */
  sampleSteps: Record<PcbLayers, { stepAreaMm2: number; stepPrice: number }>;
  batchBands: Record<PcbLayers, AreaBand[]>;
  batchMinimum: Record<PcbLayers, number>;
  /** 菲林费 of a batch order, per design. */
  film: Record<PcbLayers, number>;
  panel: { perExtraDesign: number; factoryPanel: number };
  options: {
    material: Record<Material, Surcharge>;
    thickness: Record<string, Surcharge>;
    outerCopper2oz: Surcharge;
    innerCopper1oz: Surcharge;
    maskColor: Record<MaskColor, Surcharge>;
    finish: Record<Finish, Surcharge>;
    vias: Record<ViaTreatment, Surcharge>;
    minTrack: Record<string, Surcharge>;
    minHole: Record<string, Surcharge>;
    goldFingers: Surcharge;
    bevel: Surcharge;
    impedance: Surcharge;
    castellated: Surcharge;
    edgePlating: Surcharge;
  };
  test: Record<PcbTest, Surcharge>;
  /** Standard working days by layers: the first band whose area limit is not passed. */
  buildDays: Record<PcbLayers, { upToAreaMm2: number | null; days: number }[]>;
  rush: Record<Exclude<BuildTime, 'standard'>, RushTier>;
  /** Board density for the parcel weight, mg per cm³. */
  densityMgPerCm3: { fr4: number; aluminium: number };
}

export interface SmtSheet {
  setupPerSide: number;
  smdJoint: Rational;
  dipJoint: Rational;
  /** Unique parts loaded free; each further one pays the feeder fee. */
  freeFeeders: number;
  feederPerPart: number;
  stencil: number;
  /** Engineering fee for sample runs (quantity up to `sampleMaxQuantity`). */
  engineering: number;
  sampleMaxQuantity: number;
  options: { xray: number; conformalCoating: number; functionTest: number; cleaning: number };
  /** Working days; plus one for double-sided. */
  buildDays: number;
  rush: { days: number; fee: number; maxQuantity: number };
  /** Parcel weight per assembled board, grams. */
  gramsPerBoard: number;
}

export interface StencilSheet {
  /** Price per piece by size key (`370x470`). */
  framed: Record<string, number>;
  frameless: Record<string, number>;
  thickAbove012: number;
  electropolish: number;
  fiducials: { none: number; halfLasered: number; through: number };
  step: number;
  bothSides: number;
  buildDays: number;
  /** Parcel weight per piece by size key, grams. */
  grams: Record<string, number>;
}

export interface PriceSheet {
  /** Increases by one on every publication; quotes and orders record it. */
  version: number;
  name: string;
  pcb: PcbSheet;
  smt: SmtSheet;
  stencil: StencilSheet;
  shipping: {
    packagingGrams: number;
    /** The zone of each province, by its short name (广东, 内蒙古, …). */
    zones: Record<string, Zone>;
    couriers: Record<Courier, CourierRates>;
  };
  tax: { vatPlain: Rational; vatSpecial: Rational };
  /** Orders after this hour (Asia/Shanghai) start on the next working day. */
  cutoffHour: number;
}
