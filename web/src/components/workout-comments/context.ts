import { createContext } from 'react';

/** The saved workout the sets below belong to (the editor's), for each set's comments; null elsewhere. */
export const CommentWorkoutContext = createContext<string | null>(null);

/** Workout id → unread comments, for the cards of the days shown. */
export const CommentCountsContext = createContext<ReadonlyMap<string, number> | undefined>(undefined);
