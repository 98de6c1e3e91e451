import {
  addClinicAssignedExercise,
  deleteExerciseGuide,
  listMyPatientsHomeExercises,
  listMyPatientsProExercises,
  listMyPrescriptions,
  listPatientHomeExercises,
  listPatientProExercises,
  updateClinicAssignedExercise,
  updateExerciseStatus,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { ExerciseService } from './exercise.service.ts';

export function exerciseRoutes(exercises: ExerciseService): Route[] {
  const lists = [
    [listMyPatientsHomeExercises, 1],
    [listMyPatientsProExercises, 2],
  ] as const;
  const patientLists = [
    [listPatientHomeExercises, 1],
    [listPatientProExercises, 2],
  ] as const;
  return [
    route(addClinicAssignedExercise, async (body, context) => ({
      ...ok,
      exercise: await exercises.add(principalOf(context), body.seqMedicalRelation, body.exercise, context),
    })),
    route(updateClinicAssignedExercise, async (body, context) => ({
      ...ok,
      exercise: await exercises.update(principalOf(context), body.seqExercise, body.exercise, context),
    })),
    route(updateExerciseStatus, async (body, context) => ({
      ...ok,
      exercise: await exercises.setStatus(principalOf(context), body.seqExercise, body.exerciseStatus, context),
    })),
    route(listMyPrescriptions, async (_body, context) => ({
      ...ok,
      exerciseList: await exercises.openForPatient(patientOf(context), context),
    })),
    route(deleteExerciseGuide, async (body, context) => {
      await exercises.remove(principalOf(context), body.seqExercise, context);
      return ok;
    }),
    ...lists.map(([endpoint, deviceType]) =>
      route(endpoint, async (body, context) => ({
        ...ok,
        ...(await exercises.page(principalOf(context), { ...body, deviceType }, context)),
      })),
    ),
    ...patientLists.map(([endpoint, deviceType]) =>
      route(endpoint, async (body, context) => ({
        ...ok,
        ...(await exercises.page(principalOf(context), { ...body, deviceType }, context)),
      })),
    ),
  ];
}
