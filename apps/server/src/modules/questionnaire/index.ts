export { overdueQuestionnaireFindings, questionnaireJob } from './questionnaire-job.ts';
export { refKey } from './instruments.ts';
export { questionnaireRoutes } from './questionnaire.routes.ts';
export { type QuestionnaireService, questionnaireService } from './questionnaire.service.ts';
