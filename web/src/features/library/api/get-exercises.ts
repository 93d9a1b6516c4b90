/**
 * The library page's list query. Fetcher and key live with the editor's overlay
 * (components/exercise-library-overlay), so both views refresh together.
 */
import { useExerciseLibrary, type ExerciseListParams } from '../../../components/exercise-library-overlay/use-exercise-library';

export function useLibraryExercises(params: ExerciseListParams) {
  return useExerciseLibrary(params);
}
