/** Download the game shown as a saved game's file (`saved`: its JSON, or null with no game). */
export function downloadGame(saved: string | null): void {
  if (saved) download(`ndchess-${new Date().toISOString().slice(0, 10)}.json`, saved);
}

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
