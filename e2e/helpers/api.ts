import { lastSchoolDay, type SessionUser } from '@app/domain';
import { DEMO_PASSWORD } from './browser.js';

/** Signs in through the API (not the browser) and returns the session, for computing expectations. */
export async function apiLogin(
  baseURL: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<{ token: string; user: SessionUser }> {
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200)
    throw new Error(`login as ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: SessionUser };
}

/** The status of POST /api/v1/auth/me with that token. */
export async function meStatus(baseURL: string, token: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/v1/auth/me`, {
    method: 'POST',
    headers: { authtoken: token },
  });
  await res.body?.cancel();
  return res.status;
}

/** The latest school day as `token`'s school sees it (today may be a weekend or a holiday): a give's date. */
export async function givingDay(baseURL: string, token: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/calendar`, { headers: { authtoken: token } });
  if (res.status !== 200) throw new Error(`GET calendar: ${res.status} ${await res.text()}`);
  const cal = (await res.json()) as {
    start: string;
    end: string;
    givingStartDate: string;
    today: string;
    holidays: { date: string }[];
  };
  return lastSchoolDay(
    {
      yearStart: cal.start,
      yearEnd: cal.end,
      givingStart: cal.givingStartDate,
      holidays: cal.holidays.map((h) => h.date),
    },
    cal.today,
  )!;
}
