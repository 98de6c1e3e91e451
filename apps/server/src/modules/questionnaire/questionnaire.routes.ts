import {
  addCustomQuestionnaire,
  addQuestionnaireResponse,
  addQuestionnaireSchedule,
  cancelQuestionnaireSchedule,
  getMyQuestionnaire,
  getQuestionnaireInstrument,
  getQuestionnaireResponse,
  listMyQuestionnaires,
  listQuestionnaireInstruments,
  listQuestionnaireResponses,
  listQuestionnaireSchedules,
  supersedeQuestionnaireResponse,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { QuestionnaireService } from './questionnaire.service.ts';

export function questionnaireRoutes(questionnaires: QuestionnaireService): Route[] {
  return [
    route(listQuestionnaireInstruments, async (_body, context) => ({
      ...ok,
      instrumentList: await questionnaires.instruments(principalOf(context)),
    })),
    route(getQuestionnaireInstrument, async (body, context) => ({
      ...ok,
      ...(await questionnaires.instrument(principalOf(context), body.instrument)),
    })),
    route(addCustomQuestionnaire, async (body, context) => ({
      ...ok,
      instrument: await questionnaires.addCustom(principalOf(context), body),
    })),
    route(addQuestionnaireSchedule, async (body, context) => ({
      ...ok,
      schedule: await questionnaires.addSchedule(principalOf(context), body, context),
    })),
    route(cancelQuestionnaireSchedule, async (body, context) => ({
      ...ok,
      schedule: await questionnaires.cancelSchedule(principalOf(context), body.seqQuestionnaireSchedule, context),
    })),
    route(listQuestionnaireSchedules, async (body, context) => ({
      ...ok,
      ...(await questionnaires.schedules(principalOf(context), body.seqMedicalRelation, context)),
    })),
    route(listQuestionnaireResponses, async (body, context) => ({
      ...ok,
      ...(await questionnaires.responses(principalOf(context), body.seqMedicalRelation, context)),
    })),
    route(getQuestionnaireResponse, async (body, context) => ({
      ...ok,
      ...(await questionnaires.response(principalOf(context), body.seqQuestionnaireResponse, context)),
    })),
    route(supersedeQuestionnaireResponse, async (body, context) => ({
      ...ok,
      ...(await questionnaires.supersede(principalOf(context), body, context)),
    })),
    route(listMyQuestionnaires, async (_body, context) => ({
      ...ok,
      questionnaireList: await questionnaires.myQuestionnaires(patientOf(context), context),
    })),
    route(getMyQuestionnaire, async (body, context) => ({
      ...ok,
      ...(await questionnaires.myQuestionnaire(patientOf(context), body.seqQuestionnaireRequest, context)),
    })),
    route(addQuestionnaireResponse, async (body, context) => ({
      ...ok,
      response: await questionnaires.answer(patientOf(context), body, context),
    })),
  ];
}
