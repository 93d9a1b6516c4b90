import { lazy } from 'react';

/**
 * The performance view (records, charts, the metrics table) for pages that open on
 * something else: its code loads when the view is first shown, so the workouts view a
 * phone opens first does not carry it. Render it inside a Suspense boundary.
 */
export const LazyPerformancePanel = lazy(() => import('./performance-panel').then((m) => ({ default: m.PerformancePanel })));
