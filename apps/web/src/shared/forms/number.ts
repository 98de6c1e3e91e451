/** Drops decimals past `decimals` without rounding (SPEC 9 "float-drop helper"). */
export function dropDecimals(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const dropped = Math.trunc(Number((value * factor).toFixed(6))) / factor;
  return Object.is(dropped, -0) ? 0 : dropped;
}

/** SPEC 2 number input: a typed number held within min and max, with at most `decimals` decimals. */
export function clampNumber(
  value: number,
  { min, max, decimals }: { min?: number; max?: number; decimals: number },
): number {
  let next = dropDecimals(value, decimals);
  if (min !== undefined && next < min) next = min;
  if (max !== undefined && next > max) next = max;
  return next;
}
