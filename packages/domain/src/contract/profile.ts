import { profileLanguageBody } from '../responses.js';
import { profileCustomizationResponse } from '../responses-store.js';
import { profileCustomizationBody } from '../schemas-store.js';
import { call } from './define.js';

/** `/api/v1/profile`: what the signed-in user chooses for themselves. */
export const profile = {
  /** The language chosen on /profile; null follows the browser. */
  setLanguage: call({
    method: 'PUT',
    path: '/api/v1/profile/language',
    action: 'session:use',
    tags: ['auth'],
    body: profileLanguageBody,
    response: { 200: profileLanguageBody },
  }),
  /** The font and icon a student shows (among those owned; null for none). */
  setCustomization: call({
    method: 'PUT',
    path: '/api/v1/profile/customization',
    action: 'orders:customize',
    tags: ['store'],
    body: profileCustomizationBody,
    response: { 200: profileCustomizationResponse },
  }),
};
