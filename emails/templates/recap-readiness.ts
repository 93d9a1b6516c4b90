/**
 * The weekly recap's readiness line (issue 27): the week's mean check-in score and how
 * many check-ins it comes from, or nothing when the athlete did not check in.
 */
export interface RecapReadiness {
  /** Mean readiness, 1–5 (higher is better). */
  average: number;
  checkIns: number;
}

function isRecapReadiness(value: unknown): value is RecapReadiness {
  const r = value as Partial<RecapReadiness>;
  return typeof r.average === 'number' && r.average >= 1 && r.average <= 5 && typeof r.checkIns === 'number' && Number.isInteger(r.checkIns) && r.checkIns >= 1 && r.checkIns <= 7;
}

export function recapReadinessLine(readiness: unknown): string | undefined {
  if (readiness === undefined || readiness === null) return undefined;
  if (!isRecapReadiness(readiness)) throw new TypeError('E-mail summary.readiness must hold an average of 1–5 and 1–7 check-ins');
  return `Readiness: ${readiness.average.toFixed(1)} / 5 on average over ${readiness.checkIns} check-in${readiness.checkIns === 1 ? '' : 's'}`;
}
