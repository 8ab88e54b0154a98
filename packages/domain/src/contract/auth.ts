import { z } from 'zod';
import { emailLinkBody, emailLinkUseBody } from '../guardians.js';
import {
  accountSetupBody,
  accountSetupInfoResponse,
  forgotPasswordBody,
  forgotPasswordResponse,
  linkQuery,
  resetPasswordBody,
  schoolLoginBody,
  ssoLoginBody,
  ssoStateQuery,
  ssoStateResponse,
} from '../identity.js';
import { loginResponse, okResponse, sessionUserResponse } from '../responses.js';
import { loginBody } from '../schemas.js';
import { cashierLoginBody } from '../counter.js';
import { cardLoginBody } from '../sign-in-cards.js';
import { call } from './define.js';

/** `/api/v1/auth`: signing in (password, SSO, school token, e-mailed link, card), the session, account setup. */
export const auth = {
  login: call({
    method: 'POST',
    path: '/api/v1/auth/login',
    public: true,
    answers: [401, 403, 429],
    tags: ['auth'],
    body: loginBody,
    response: { 200: loginResponse },
  }),
  /** The signed-in user, as the session sees them. */
  me: call({
    method: 'POST',
    path: '/api/v1/auth/me',
    action: 'session:use',
    tags: ['auth'],
    response: { 200: sessionUserResponse },
  }),
  logout: call({
    method: 'POST',
    path: '/api/v1/auth/logout',
    action: 'session:use',
    tags: ['auth'],
    response: { 200: okResponse },
  }),
  /** A single-use SSO state for the school's client at the provider (sets the browser's binding cookie). */
  ssoState: call({
    method: 'GET',
    path: '/api/v1/auth/login/sso/state',
    public: true,
    answers: [429],
    tags: ['auth'],
    query: ssoStateQuery,
    response: { 200: ssoStateResponse },
  }),
  loginSso: call({
    method: 'POST',
    path: '/api/v1/auth/login/sso',
    public: true,
    answers: [401, 403],
    tags: ['auth'],
    body: ssoLoginBody,
    response: { 200: loginResponse },
  }),
  /** A store volunteer's cashier code (issue 35): signs in as the school's CASHIER until the code ends. */
  loginCashier: call({
    method: 'POST',
    path: '/api/v1/auth/login/cashier',
    public: true,
    answers: [401, 403, 429],
    tags: ['auth'],
    body: cashierLoginBody,
    response: { 200: loginResponse },
  }),
  loginSchool: call({
    method: 'POST',
    path: '/api/v1/auth/login/school',
    public: true,
    answers: [401, 403, 429],
    tags: ['auth'],
    body: schoolLoginBody,
    response: { 200: loginResponse },
  }),
  /** Who an account-setup link is for, before the password is chosen. */
  accountSetupInfo: call({
    method: 'GET',
    path: '/api/v1/auth/account-setup',
    public: true,
    tags: ['auth'],
    query: linkQuery,
    response: { 200: accountSetupInfoResponse },
  }),
  /** Sets the password an invitation's link allows, and signs in. */
  accountSetup: call({
    method: 'POST',
    path: '/api/v1/auth/account-setup',
    public: true,
    answers: [401, 403],
    tags: ['auth'],
    body: accountSetupBody,
    response: { 200: loginResponse },
  }),
  forgotPassword: call({
    method: 'POST',
    path: '/api/v1/auth/forgot-password',
    public: true,
    answers: [429],
    tags: ['auth'],
    body: forgotPasswordBody,
    response: { 200: forgotPasswordResponse },
  }),
  resetPassword: call({
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    public: true,
    answers: [401, 403],
    tags: ['auth'],
    body: resetPasswordBody,
    response: { 200: loginResponse },
  }),
  /** A one-time sign-in link to a guardian's address (the same answer whoever asks). */
  emailLink: call({
    method: 'POST',
    path: '/api/v1/auth/login/email-link',
    public: true,
    answers: [429],
    tags: ['auth'],
    body: emailLinkBody,
    response: { 200: z.object({ message: z.string() }) },
  }),
  /** Signs in with an e-mailed link's token. */
  signInWithLink: call({
    method: 'POST',
    path: '/api/v1/auth/login/email-link/use',
    public: true,
    answers: [401, 403],
    tags: ['auth'],
    body: emailLinkUseBody,
    response: { 200: loginResponse },
  }),
  /** Signs in with a sign-in card's code, as typed or scanned. */
  loginCard: call({
    method: 'POST',
    path: '/api/v1/auth/login/card',
    public: true,
    answers: [401, 403, 429],
    tags: ['auth'],
    body: cardLoginBody,
    response: { 200: loginResponse },
  }),
};
