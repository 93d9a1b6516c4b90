/** A message the Contact Manager shows above its tabs (the spec's alerts). */
export type Notice = { variant: 'success' | 'error'; text: string };
/** null takes the current message away (a later success must not sit under an old failure). */
export type Notify = (notice: Notice | null) => void;
