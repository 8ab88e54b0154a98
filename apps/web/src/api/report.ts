/** The one place client-side problems are reported; an error service would hook in here. */
export function report(event: string, detail?: unknown): void {
  console.warn(`[report] ${event}`, detail ?? '');
}
