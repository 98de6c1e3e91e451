/** Query keys of the exercise screens; every exercise change refreshes all of them. */
export const exerciseKeys = {
  all: ['exercises'] as const,
  lists: ['exercises', 'list'] as const,
  records: ['exercises', 'records'] as const,
};
