/** Saves `text` (or a file the API sent) through the browser's download (the CSV exports, the pick list's CSV, a data export). */
export function download(
  filename: string,
  text: string | Blob,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
