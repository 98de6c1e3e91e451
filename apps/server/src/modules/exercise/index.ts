export type { DayRange } from './exercise-record.repository.ts';
export { exerciseRecordRoutes } from './exercise-record.routes.ts';
export { exerciseRecordService, type ExerciseRecordService } from './exercise-record.service.ts';
export { exerciseRoutes } from './exercise.routes.ts';
export { type ExerciseService, exerciseService } from './exercise.service.ts';
