/** Save `text` as a JSON file named `name` (the browser's download). */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The link is followed at once; the object URL is released once the download has it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
