/** A questionnaire score as the screens write it: at most two decimals. */
export function formatScore(score: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(score);
}

/** A score's change from the baseline, with a plus when better (changes are positive when better). */
export function formatChange(change: number, language: string): string {
  return `${change > 0 ? '+' : ''}${formatScore(change, language)}`;
}
