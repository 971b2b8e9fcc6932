import { afterEach, expect, test, vi } from 'vitest';
import { pageAutomated } from '../../src/device/automation';
import { defaultPrefs } from '../../src/device/prefs';

afterEach(() => vi.unstubAllEnvs());

test('a production page is driven by a script only when opened with ?seam', () => {
  vi.stubEnv('MODE', 'production');
  expect(pageAutomated('')).toBe(false);
  expect(pageAutomated('?room=abc')).toBe(false);
  expect(pageAutomated('?seam')).toBe(true);
  expect(pageAutomated('?demo&seam=1')).toBe(true);
  // Outside a page (the server, the command line) nothing is automated.
  expect(pageAutomated(null)).toBe(false);
});

test('a test build is driven by a script whatever its address', () => {
  vi.stubEnv('MODE', 'test');
  expect(pageAutomated('')).toBe(true);
});

test('whether the browser is automated changes no default', () => {
  vi.stubEnv('MODE', 'production');
  vi.stubGlobal('navigator', { webdriver: true });
  try {
    expect(defaultPrefs().passAndPlay).toBe(true);
  } finally {
    vi.unstubAllGlobals();
  }
});
