import { updateLanguage, type Language, type ReplyOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

/** Keeps the language chosen on My page on the server, which writes the clinician's mail in it. */
export function updateLanguageRequest(language: Language): Promise<ReplyOf<typeof updateLanguage>> {
  return callApi(updateLanguage, { language }, { silent: true });
}
