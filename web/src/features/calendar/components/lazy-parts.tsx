import { lazy } from 'react';

/**
 * The calendar's parts that are not its first screen: the workout editor (opened from a
 * day) and the panels below the month. The page renders them once the month has its
 * days, so a phone opening the calendar downloads and runs less before its header and
 * month appear (`npm run bench -- lighthouse`). Render them inside a Suspense boundary.
 */
export const LazyWorkoutEditor = lazy(() => import('./editor/workout-editor').then((m) => ({ default: m.WorkoutEditor })));
export const LazyPanelsBelowCalendar = lazy(() => import('./panels-below-calendar').then((m) => ({ default: m.PanelsBelowCalendar })));
