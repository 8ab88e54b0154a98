/**
 * The instant every e2e server (CLOCK) and browser context starts at, whatever day the suite runs
 * (docs/testing-dates.md): Wednesday 14 October 2026, noon at the demo school (Los Angeles). Both
 * clocks then run on, so time passes as usual inside a test.
 */
export const E2E_NOW = '2026-10-14T19:00:00Z';
