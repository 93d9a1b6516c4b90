/** A message the Contact Manager shows above its tabs (the spec's alerts). */
export type Notice = { variant: 'success' | 'error'; text: string };
export type Notify = (notice: Notice) => void;
