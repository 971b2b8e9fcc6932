/**
 * A page driven by a script: a test build (`vite build --mode test`, which the browser tests
 * use), or any build opened with `?seam` in its URL. Only such a page installs the test seam
 * (window.__NDCHESS__) and counts the scene's commits, and it starts with the hand-over screen and
 * sound off so that a script is not stopped by them. Whether the browser itself is automated
 * (navigator.webdriver) changes nothing.
 */
export function pageAutomated(
  search: string | null = typeof location === 'undefined' ? null : location.search,
): boolean {
  if (search === null) return false;
  return import.meta.env.MODE === 'test' || new URLSearchParams(search).has('seam');
}
