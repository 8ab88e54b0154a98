import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@app/domain';
import { http, request } from './client';
import { isFailure } from './failure';
import { installBrowserShims, stubFetch } from './test-shims';

let shim: ReturnType<typeof installBrowserShims>;

beforeEach(() => {
  shim = installBrowserShims();
  shim.store.set('authtoken', 'tok-1');
  shim.store.set('userId', 'user-1');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastCall = (fn: ReturnType<typeof stubFetch>) => {
  const [url, init] = fn.mock.calls.at(-1)!;
  return { url: new URL(url, 'http://x'), init: init! };
};

describe('request building', () => {
  it("sends JSON, token, from, no-cache and the screens' language to /api/v1 and adds time on GET", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1234);
    const fetch = stubFetch({ status: 200, text: '[]' });
    await http.get('periods', { query: { scope: 'school' } });
    const { url, init } = lastCall(fetch);
    expect(url.pathname).toBe('/api/v1/periods');
    expect(url.searchParams.get('scope')).toBe('school');
    expect(url.searchParams.get('time')).toBe('1234');
    expect(init.method).toBe('GET');
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': 'en',
      authtoken: 'tok-1',
      from: 'user-1',
    });
  });

  it('sends files as the FormData itself, leaving its content type (and boundary) to the browser', async () => {
    const fetch = stubFetch({ status: 200, text: '{"ok":true}' });
    const form = new FormData();
    form.append('files', new Blob(['sourcedId\n']), 'users.csv');
    await request('POST', 'roster/dry-run', { form });
    const { init } = lastCall(fetch);
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': 'en',
      authtoken: 'tok-1',
      from: 'user-1',
    });
  });

  it('uses v2 when asked, sends a JSON body and no time on POST', async () => {
    const fetch = stubFetch({ status: 200, text: '{"ok":true}' });
    await request('POST', 'order', { version: 'v2', body: { studentId: 's' } });
    const { url, init } = lastCall(fetch);
    expect(url.pathname).toBe('/api/v2/order');
    expect(url.searchParams.has('time')).toBe(false);
    expect(init.body).toBe('{"studentId":"s"}');
  });

  it("adds a call's own headers (an order's Idempotency-Key) to the usual ones", async () => {
    const fetch = stubFetch({ status: 200, text: '{}' });
    await http.post(
      'order',
      { orderItems: [] },
      { version: 'v2', headers: { 'Idempotency-Key': 'k-1' } },
    );
    expect(lastCall(fetch).init.headers).toMatchObject({
      'Idempotency-Key': 'k-1',
      authtoken: 'tok-1',
      'Content-Type': 'application/json',
    });
  });

  it('sends {} as the body of a POST without one', async () => {
    const fetch = stubFetch({ status: 200, text: '{}' });
    await http.post('auth/logout');
    expect(lastCall(fetch).init.body).toBe('{}');
  });

  it('answers No token without a request when a call needs a token', async () => {
    shim.store.delete('authtoken');
    const fetch = stubFetch({ status: 200, text: '{}' });
    const r = await http.post('auth/me');
    expect(r).toEqual({ message: MSG.noToken });
    expect(isFailure(r)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets public calls go without a token', async () => {
    shim.store.clear();
    const fetch = stubFetch({ status: 200, text: '{"status":"ok"}' });
    expect(await http.get('status', { auth: false })).toEqual({ status: 'ok' });
    expect(lastCall(fetch).init.headers).not.toHaveProperty('authtoken');
  });
});

describe('status rules', () => {
  it.each([204, 307, 502, 503])('%i is an empty object, not a failure', async (status) => {
    stubFetch({ status, text: '{"message":"x"}' });
    const r = await http.get('status');
    expect(r).toEqual({});
    expect(isFailure(r)).toBe(false);
  });

  it.each([500, 429])('%i asks to try later', async (status) => {
    stubFetch({ status, text: '{"message":"boom"}' });
    const r = await http.get('periods');
    expect(r).toEqual({ message: MSG.tryLater });
    expect(isFailure(r)).toBe(true);
  });

  it('401 redirects to /login and fails with the body message', async () => {
    stubFetch({ status: 401, text: '{"message":"Unauthorized"}' });
    const r = await http.get('periods');
    expect(r).toEqual({ message: 'Unauthorized' });
    expect(shim.location.assign).toHaveBeenCalledWith('/login');
  });

  it.each([
    '/login',
    '/login/product',
    '/forgot-password',
    '/reset-password',
    '/contact',
    '/status',
  ])('401 on %s does not redirect', async (path) => {
    shim.location.pathname = path;
    stubFetch({ status: 401, text: '{"message":"Invalid username/password"}' });
    const r = await http.post('auth/login', {}, { auth: false });
    expect(r).toEqual({ message: MSG.invalidLogin });
    expect(shim.location.assign).not.toHaveBeenCalled();
  });

  it('other failures carry the body message', async () => {
    stubFetch({ status: 400, text: '{"message":"Please select a student."}' });
    expect(await http.post('activity/bulk', {})).toEqual({ message: MSG.selectStudent });
  });

  it('other failures with an unreadable body give the generic message', async () => {
    stubFetch({ status: 404, text: '<html>nope</html>' });
    const r = await http.get('nowhere');
    expect(r).toEqual({ message: MSG.someError });
    expect(Object.keys(r as object)).toEqual(['message']);
  });

  it('a network error resolves to the generic message and is reported', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    expect(await http.get('periods')).toEqual({ message: MSG.someError });
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('successful responses', () => {
  it('parses JSON text', async () => {
    stubFetch({ status: 200, text: '{"_id":"1","message":"Thank you"}' });
    const r = await http.post('utility/contact', {}, { auth: false });
    expect(r).toEqual({ _id: '1', message: 'Thank you' });
    // A success that happens to carry a message is still a success.
    expect(isFailure(r)).toBe(false);
  });

  it('an unparseable body becomes {} and is reported', async () => {
    stubFetch({ status: 200, text: 'not json' });
    const r = await http.get('periods');
    expect(r).toEqual({});
    expect(isFailure(r)).toBe(false);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('an empty body becomes statusCode plus Error fetching data', async () => {
    stubFetch({ status: 200, text: '' });
    const r = await http.get('periods');
    expect(r).toEqual({ statusCode: 200, message: MSG.errorFetching });
    expect(isFailure(r)).toBe(true);
  });
});
