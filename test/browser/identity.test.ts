/**
 * A player identity moves between browsers (issue #64 item 1), each browser context a device of
 * its own against one game server with an archive: made on the setup screen where online play
 * asks a name, moved to a fresh context by a one-time transfer code and by a passkey (Chromium's
 * DevTools virtual authenticator; the passkey copied to the second device's authenticator as a
 * synced passkey would be), and deleted with confirmation. The pages open the server at
 * localhost: WebAuthn takes no IP address as the relying party.
 */
import { expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { IDENTITY_KEY } from '../../src/online/identitySecret';
import { visitor } from './visitor';
import { withGameServer, type TestGameServer } from './gameServer';

let browser: Browser;
let server: TestGameServer;
const errors: string[] = [];

withGameServer((s, b) => {
  server = s;
  browser = b;
});

const appUrl = () => server.url.replace('127.0.0.1', 'localhost');

/** A device that has made a player named `name` where online play asks for it. */
async function playerDevice(name: string): Promise<Page> {
  const page = await visitor(browser, appUrl(), name, errors);
  await page.getByRole('button', { name: `Keep “${name}” as my player` }).click();
  await expect.poll(() => line(page)).toMatch(`You are ${name}, not rated yet`);
  return page;
}

/** A fresh device on the setup screen, a guest. */
async function freshDevice(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(appUrl());
  await expect.poll(() => line(page)).toMatch('You play online as a guest');
  return page;
}

const line = (page: Page) => page.getByTestId('identity-line').textContent();
const secretOf = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.secret, IDENTITY_KEY);

async function openAccount(page: Page) {
  await page.getByTestId('identity-line').getByRole('button', { name: 'Account' }).click();
  return page.getByRole('dialog', { name: 'Your player on this server' });
}

/** A virtual platform authenticator (CTAP2, resident keys, user verified) on `page`'s device. */
async function authenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

test('the identity moves to a fresh device with a transfer code, which works once', async () => {
  const old = await playerDevice('Ada');
  const dialog = await openAccount(old);
  await dialog.getByRole('button', { name: 'Show a transfer code' }).click();
  const code = (await dialog.getByTestId('transfer-code').textContent())!;
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  const fresh = await freshDevice();
  const there = await openAccount(fresh);
  await there.getByRole('textbox', { name: 'Transfer code' }).fill(code);
  // The keyboard alone: Enter in the field uses the code.
  await there.getByRole('textbox', { name: 'Transfer code' }).press('Enter');
  await expect.poll(() => there.getByTestId('account-name').textContent()).toBe('Ada');
  await there.getByRole('button', { name: 'Close' }).click();
  expect(await line(fresh)).toMatch('You are Ada, not rated yet');
  // Each device keeps a secret of its own.
  expect(await secretOf(fresh)).toBeTruthy();
  expect(await secretOf(fresh)).not.toBe(await secretOf(old));

  const third = await freshDevice();
  const again = await openAccount(third);
  await again.getByRole('textbox', { name: 'Transfer code' }).fill(code);
  await again.getByRole('button', { name: 'Use the code' }).click();
  await expect
    .poll(() => again.getByTestId('account-error').textContent())
    .toMatch(/^That transfer code is not known, was used already, or expired/);
  expect(await line(third)).toMatch('You play online as a guest');
  expect(errors).toEqual([]);
});

test('the identity moves to a fresh device by passkey (virtual authenticator)', async () => {
  const old = await playerDevice('Bo');
  const key = await authenticator(old.context(), old);
  const dialog = await openAccount(old);
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect.poll(() => dialog.textContent()).toMatch('1 passkey open this player.');
  const { credentials } = await key.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: key.authenticatorId,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // The new device's authenticator holds the same passkey, as a synced passkey would.
  const fresh = await freshDevice();
  const there = await authenticator(fresh.context(), fresh);
  await there.cdp.send('WebAuthn.addCredential', {
    authenticatorId: there.authenticatorId,
    credential: credentials[0],
  });
  const account = await openAccount(fresh);
  await account.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect.poll(() => account.getByTestId('account-name').textContent()).toBe('Bo');
  await account.getByRole('button', { name: 'Close' }).click();
  expect(await line(fresh)).toMatch('You are Bo, not rated yet');
  expect(await secretOf(fresh)).not.toBe(await secretOf(old));
  expect(errors).toEqual([]);
});

test('a player deletes themselves after confirming; their other device is told it is unknown', async () => {
  const one = await playerDevice('Cy');
  const dialog = await openAccount(one);
  await dialog.getByRole('button', { name: 'Show a transfer code' }).click();
  const code = (await dialog.getByTestId('transfer-code').textContent())!;
  const two = await freshDevice();
  const there = await openAccount(two);
  await there.getByRole('textbox', { name: 'Transfer code' }).fill(code);
  await there.getByRole('button', { name: 'Use the code' }).click();
  await expect.poll(() => there.getByTestId('account-name').textContent()).toBe('Cy');

  await dialog.getByRole('button', { name: 'Delete my player…' }).click();
  await dialog.getByRole('button', { name: 'Keep my player' }).click();
  await dialog.getByRole('button', { name: 'Delete my player…' }).click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect.poll(() => line(one)).toMatch('You play online as a guest');
  expect(await secretOf(one)).toBeUndefined();

  // The other device still keeps the secret; the server no longer knows it.
  await two.reload();
  const told = await openAccount(two);
  await expect
    .poll(() => told.getByTestId('account-problem').textContent())
    .toMatch(/not known to the server/);
  await told.getByRole('button', { name: 'Forget it on this device' }).click();
  await told.getByRole('button', { name: 'Close' }).click();
  expect(await line(two)).toMatch('You play online as a guest');
  expect(errors).toEqual([]);
});

test('on a tablet the Account dialog fits the screen and works by touch', async () => {
  const context = await browser.newContext({
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(appUrl());
  await page.getByTestId('identity-line').getByRole('button', { name: 'Account' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Your player on this server' });
  await dialog.getByRole('textbox', { name: 'Name' }).tap();
  await page.keyboard.type('Di');
  await dialog.getByRole('button', { name: 'Make my player' }).tap();
  await expect.poll(() => dialog.getByTestId('account-name').textContent()).toBe('Di');
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(768);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(1024);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await line(page)).toMatch('You are Di, not rated yet');
  expect(errors).toEqual([]);
});
