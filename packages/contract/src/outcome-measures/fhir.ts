import type {
  Coding,
  Extension,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
} from '@medplum/fhirtypes';
import { isLanguage, type Language } from '../rules.ts';

/**
 * The FHIR R4 shapes an outcome measure is stored in (docs/decisions/0015-outcome-measures.md),
 * and the few extensions it uses. The types come from @medplum/fhirtypes; what they leave out
 * (the `_text` element that carries a primitive's translations) is added here.
 */

/** The canonical base of the product's own FHIR definitions: questionnaires and answer code systems. */
export const fhirCanonicalBase = 'http://clinic.localhost/fhir';

export const fhirExtension = {
  ordinalValue: 'http://hl7.org/fhir/StructureDefinition/ordinalValue',
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  translation: 'http://hl7.org/fhir/StructureDefinition/translation',
} as const;

/** The extensions of a primitive value, as FHIR JSON writes them beside it (`_text` next to `text`). */
export interface PrimitiveElement {
  extension?: Extension[];
}

export type OutcomeCoding = Coding & { _display?: PrimitiveElement };
export type OutcomeAnswerOption = Omit<QuestionnaireItemAnswerOption, 'valueCoding'> & { valueCoding?: OutcomeCoding };
export type OutcomeItem = Omit<QuestionnaireItem, 'item' | 'answerOption'> & {
  _text?: PrimitiveElement;
  answerOption?: OutcomeAnswerOption[];
};
export type OutcomeQuestionnaire = Omit<Questionnaire, 'item'> & {
  resourceType: 'Questionnaire';
  url: string;
  _title?: PrimitiveElement;
  item: OutcomeItem[];
};

/** The items a patient answers: every item but display texts and groups. */
export function answerableItems(questionnaire: OutcomeQuestionnaire): OutcomeItem[] {
  return questionnaire.item.filter((item) => item.type !== 'display' && item.type !== 'group');
}

export function ordinalValue(score: number): Extension {
  return { url: fhirExtension.ordinalValue, valueDecimal: score };
}

/** The score an answer option carries in its ordinalValue extension, if any. */
export function optionScore(option: OutcomeAnswerOption): number | undefined {
  return option.valueCoding?.extension?.find((extension) => extension.url === fhirExtension.ordinalValue)?.valueDecimal;
}

/** An item's minValue or maxValue extension, whichever type of number it holds. */
export function itemBound(item: OutcomeItem, bound: 'minValue' | 'maxValue'): number | undefined {
  const extension = item.extension?.find((candidate) => candidate.url === fhirExtension[bound]);
  return extension?.valueInteger ?? extension?.valueDecimal;
}

/** The bounds of an integer or decimal item as its minValue and maxValue extensions. */
export function boundExtensions(type: 'integer' | 'decimal', min: number, max: number): Extension[] {
  const key = type === 'integer' ? 'valueInteger' : 'valueDecimal';
  return [
    { url: fhirExtension.minValue, [key]: min },
    { url: fhirExtension.maxValue, [key]: max },
  ];
}

/** The translations of a text into other languages, as the translation extension of its `_` element. */
export function translations(
  texts: Partial<Record<Language, string>>,
  primary: Language,
): PrimitiveElement | undefined {
  const others = Object.entries(texts).filter(([language]) => language !== primary);
  if (others.length === 0) return undefined;
  return {
    extension: others.map(([language, content]) => ({
      url: fhirExtension.translation,
      extension: [
        { url: 'lang', valueCode: language },
        { url: 'content', valueString: content },
      ],
    })),
  };
}

/**
 * The languages a questionnaire has its text in: its own language, then each language its title
 * is translated into. The screens show them before a clinician sends it.
 */
export function questionnaireLanguages(questionnaire: OutcomeQuestionnaire): Language[] {
  const translated = (questionnaire._title?.extension ?? [])
    .filter((extension) => extension.url === fhirExtension.translation)
    .map((extension) => extension.extension?.find((part) => part.url === 'lang')?.valueCode);
  return [...new Set([questionnaire.language, ...translated])].filter(isLanguage);
}
