/** SPEC 1: height and weight in the clinician's unit, imperial by default; the API always takes cm and kg. */
export const units = ['imperial', 'metric'] as const;
export type Unit = (typeof units)[number];
export const defaultUnit: Unit = 'imperial';

export const cmPerInch = 2.54;
export const kgPerPound = 0.45359237;
const inchesPerFoot = 12;

export function isUnit(value: unknown): value is Unit {
  return typeof value === 'string' && (units as readonly string[]).includes(value);
}

/** Rounds half away from zero to `decimals` places, without binary noise (1.005 -> 1.01). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor)) / factor;
}

/** Centimetres of a height in feet and inches; kept to 4 decimals so no float noise reaches the API. */
export function cmFromFeetInches(feet: number, inches: number): number {
  return roundTo((feet * inchesPerFoot + inches) * cmPerInch, 4);
}

/** Feet and inches (to a tenth) of a height in centimetres; 71.96 in reads as 6 ft 0 in, not 5 ft 12 in. */
export function feetInchesFromCm(cm: number): { feet: number; inches: number } {
  const totalTenths = Math.round((cm / cmPerInch) * 10);
  const feet = Math.floor(totalTenths / (inchesPerFoot * 10));
  return { feet, inches: (totalTenths - feet * inchesPerFoot * 10) / 10 };
}

export function kgFromPounds(pounds: number): number {
  return roundTo(pounds * kgPerPound, 4);
}

export function poundsFromKg(kg: number): number {
  return roundTo(kg / kgPerPound, 1);
}

export interface UnitLabels {
  cm: string;
  kg: string;
  ft: string;
  in: string;
  lb: string;
}

function decimal(value: number, decimals: number): string {
  return String(roundTo(value, decimals));
}

export function formatHeight(cm: number, unit: Unit, labels: UnitLabels): string {
  if (unit === 'metric') return `${decimal(cm, 1)} ${labels.cm}`;
  const { feet, inches } = feetInchesFromCm(cm);
  return `${feet} ${labels.ft} ${decimal(inches, 1)} ${labels.in}`;
}

export function formatWeight(kg: number, unit: Unit, labels: UnitLabels): string {
  return unit === 'metric' ? `${decimal(kg, 1)} ${labels.kg}` : `${decimal(poundsFromKg(kg), 1)} ${labels.lb}`;
}

/** The values a height/weight form shows for stored cm and kg, rounded for reading. */
export interface BodyDisplay {
  heightCm: number | '';
  heightFeet: number | '';
  heightInches: number | '';
  weight: number | '';
}

export function bodyDisplayOf(heightCm: number | null, weightKg: number | null, unit: Unit): BodyDisplay {
  const height = heightCm === null ? null : feetInchesFromCm(heightCm);
  return {
    heightCm: heightCm === null ? '' : roundTo(heightCm, 1),
    heightFeet: height ? height.feet : '',
    heightInches: height ? height.inches : '',
    weight: weightKg === null ? '' : unit === 'metric' ? roundTo(weightKg, 1) : poundsFromKg(weightKg),
  };
}

function asNumber(value: number | ''): number | undefined {
  return value === '' || !Number.isFinite(value) ? undefined : value;
}

/** Centimetres of what the form shows, or undefined when nothing usable is entered. */
export function heightCmOf(display: BodyDisplay, unit: Unit): number | undefined {
  if (unit === 'metric') return asNumber(display.heightCm);
  const feet = asNumber(display.heightFeet);
  const inches = asNumber(display.heightInches);
  if (feet === undefined && inches === undefined) return undefined;
  return cmFromFeetInches(feet ?? 0, inches ?? 0);
}

export function weightKgOf(display: BodyDisplay, unit: Unit): number | undefined {
  const weight = asNumber(display.weight);
  if (weight === undefined) return undefined;
  return unit === 'metric' ? weight : kgFromPounds(weight);
}
