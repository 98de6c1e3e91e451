import type {
  BodyOf,
  MessageAwaySettings,
  MessageTemplate,
  addMessageTemplate,
  updateMessageAwaySettings,
  updateMessageTemplate,
} from '@clinic/contract';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { awaySettingsOf } from './message.mapper.ts';
import { messageRepository, type TemplateRow } from './message.repository.ts';

const toTemplate = (row: TemplateRow): MessageTemplate => ({
  seqMessageTemplate: row.seqMessageTemplate,
  title: row.title,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

export interface MessageSettingsService {
  listTemplates(principal: Principal): Promise<MessageTemplate[]>;
  addTemplate(principal: Principal, request: BodyOf<typeof addMessageTemplate>): Promise<MessageTemplate>;
  updateTemplate(principal: Principal, request: BodyOf<typeof updateMessageTemplate>): Promise<MessageTemplate>;
  removeTemplate(principal: Principal, seqMessageTemplate: number): Promise<void>;
  awaySettings(principal: Principal, context: RequestContext): Promise<MessageAwaySettings>;
  updateAwaySettings(
    principal: Principal,
    request: BodyOf<typeof updateMessageAwaySettings>,
    context: RequestContext,
  ): Promise<MessageAwaySettings>;
}

/** The clinician's own reply templates and automatic replies: their texts, no patient's data. */
export function messageSettingsService({ db, now }: { db: Database; now: Clock }): MessageSettingsService {
  return {
    async listTemplates(principal) {
      return (await messageRepository(db).listTemplates(principal.seqManager)).map(toTemplate);
    },

    async addTemplate(principal, { title, body }) {
      const at = now();
      const row = await messageRepository(db).insertTemplate({
        seqManager: principal.seqManager,
        title,
        body,
        createdAt: at,
        updatedAt: at,
      });
      return toTemplate(row);
    },

    async updateTemplate(principal, { seqMessageTemplate, title, body }) {
      const row = await messageRepository(db).updateTemplate(seqMessageTemplate, principal.seqManager, {
        title,
        body,
        updatedAt: now(),
      });
      if (!row) throw notFound();
      return toTemplate(row);
    },

    async removeTemplate(principal, seqMessageTemplate) {
      if (!(await messageRepository(db).removeTemplate(seqMessageTemplate, principal.seqManager))) throw notFound();
    },

    /** The saved settings; none yet: no automatic replies, in the zone of the request. */
    async awaySettings(principal, context) {
      const row = await messageRepository(db).findAwaySetting(principal.seqManager);
      return row ? awaySettingsOf(row) : { afterHoursTexts: {}, vacation: null, timeZone: context.timeZone };
    },

    /** Replaces the settings; the vacation's days are then read in the zone of this request. */
    async updateAwaySettings(principal, { afterHoursTexts, vacation }, context) {
      const row = await messageRepository(db).saveAwaySetting({
        seqManager: principal.seqManager,
        afterHoursTexts,
        vacationFrom: vacation?.from ?? null,
        vacationTo: vacation?.to ?? null,
        vacationTexts: vacation?.texts ?? {},
        timeZone: context.timeZone,
        updatedAt: now(),
      });
      return awaySettingsOf(row);
    },
  };
}
