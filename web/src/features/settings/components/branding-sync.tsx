import { useEffect } from 'react';
import { useTheme } from '../../../lib/theme';
import { useBranding } from '../api/settings';

/**
 * Applies the colours the server says apply to this user: their coach's when they
 * are someone's athlete, else their own. Renders nothing.
 */
export function BrandingSync() {
  const { data } = useBranding();
  const { coachBranding, setCoachBranding, clearCoachBranding } = useTheme();
  const applied = data?.applied;
  useEffect(() => {
    if (data === undefined) return;
    if (!applied) {
      if (coachBranding) clearCoachBranding();
    } else if (!coachBranding || coachBranding.primary !== applied.primary || coachBranding.secondary !== applied.secondary || coachBranding.accent !== applied.accent) {
      setCoachBranding(applied);
    }
  }, [data, applied, coachBranding, setCoachBranding, clearCoachBranding]);
  return null;
}
