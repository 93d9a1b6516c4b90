/** The unit a user reads and types loads in, as chosen in Settings. */
import type pg from 'pg';
import { isWeightUnit, type WeightUnit } from '../kernel/units.ts';

/** Pounds (the spec's unit) until the user chooses: the server has no browser locale to go by. */
export async function userWeightUnit(db: Pick<pg.ClientBase, 'query'>, userId: string): Promise<WeightUnit> {
  const { rows } = await db.query<{ weight_unit: string | null }>('SELECT weight_unit FROM user_profiles WHERE user_id = $1', [userId]);
  const unit = rows[0]?.weight_unit;
  return isWeightUnit(unit) ? unit : 'lb';
}
