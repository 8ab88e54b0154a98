/** The file a printing downloads: "badges-1st-period-math-6.pdf", or "badges.pdf". */
export function badgesFileName(what?: string): string {
  const slug = (what ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return slug ? `badges-${slug}.pdf` : 'badges.pdf';
}
