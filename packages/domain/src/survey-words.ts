import type { MessageKey } from './i18n/en/index.js';

/**
 * The surveys' titles, questions and choices (surveys.ts, in English: the server's and the
 * results' CSV) as catalogue keys for the screens, by their English text
 * (docs/decisions/110-domain-words-as-keys.md). A question about points names the school's
 * currency on screen.
 */
export const SURVEY_WORDS: Readonly<Record<string, MessageKey>> = {
  'How do you like it?': 'layout.surveyHowDoYouLike',
  'Earning points': 'layout.surveyEarning',
  'The store': 'layout.surveyTheStore',
  'Your classes': 'layout.surveyYourClasses',
  'How satisfied are you with earning points and shopping in the store?':
    'layout.surveyQSatisfiedStudent',
  'How easy is it to know how to earn points?': 'layout.surveyQEase',
  'How likely are you to save up for something in the store?': 'layout.surveyQSaveUp',
  'How satisfied are you with giving bonuses and flags?': 'layout.surveyQSatisfiedTeacher',
  'How likely are you to recommend this to another teacher?': 'layout.surveyQRecommend',
  'Very satisfied': 'layout.surveyVerySatisfied',
  Satisfied: 'layout.surveySatisfied',
  'Neither satisfied nor dissatisfied': 'layout.surveyNeitherSatisfied',
  Dissatisfied: 'layout.surveyDissatisfied',
  'Very dissatisfied': 'layout.surveyVeryDissatisfied',
  'Very easy': 'layout.surveyVeryEasy',
  Easy: 'layout.surveyEasy',
  'Neither easy nor hard': 'layout.surveyNeitherEasy',
  Hard: 'layout.surveyHard',
  'Very hard': 'layout.surveyVeryHard',
  'Very likely': 'layout.surveyVeryLikely',
  Likely: 'layout.surveyLikely',
  'Not sure': 'layout.surveyNotSure',
  Unlikely: 'layout.surveyUnlikely',
  'Very unlikely': 'layout.surveyVeryUnlikely',
};
