// Updates in Settings. In a browser: the version served, and in words that this window has no
// updater (the desktop app checks for itself), with no switch to flip and no button that could
// pretend to check. Through the built preload with main's updater flow behind it: a download
// followed to Restart to update, and the automatic-checks switch kept by the core.
import { readFileSync } from 'node:fs';
import { createUpdateFlow } from '../../electron/main/updates/flow';
import { standInScript } from './fixtures/preload-stand-in';
import { test, expect, openApp, shot } from './fixtures/triage';

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

test('Settings shows the version and says a browser window has no updater', async ({ page, triage }) => {
  await openApp(page, triage);
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Settings' }).click();
  const group = page.getByRole('group', { name: 'Updates' });
  await group.scrollIntoViewIfNeeded();
  await expect(group).toContainText(`Outreach Triage version ${version}`);
  await expect(group.getByTestId('update-words')).toHaveText(
    'Updates are off in this window: it runs in a browser, which has no updater. ' +
      'The desktop app checks for new versions itself.',
  );
  await expect(group.getByRole('checkbox', { name: /Look for a new version by itself/ })).toBeDisabled();
  await expect(group.getByRole('button')).toHaveCount(0);
  await shot(page, 'settings-updates-browser');
});

/** A download the test lets finish when it chooses. */
function heldPort() {
  let finish: () => void = () => undefined;
  const port = {
    installs: 0,
    check: async () => '0.2.0',
    download: (onProgress: (p: number) => void) =>
      new Promise<void>((done) => {
        onProgress(40);
        finish = done;
      }),
    install: () => void port.installs++,
    finish: () => finish(),
  };
  return port;
}

test('in the desktop app, Settings follows a download to "Restart to update", which restarts into it', async ({
  page,
  triage,
}) => {
  // Main, played by this test with main's own updater flow (electron/main/updates/flow.ts) over
  // an updater that finds 0.2.0: the page reaches it only through the built preload.
  const port = heldPort();
  const flow = createUpdateFlow({
    version: '0.1.0',
    off: null,
    port,
    automatic: true,
    log: () => undefined,
    onChange: (status) => void page.evaluate((s) => (window as unknown as Main).__mainUpdatesEmit(s), status),
  });
  await page.exposeFunction('__mainUpdatesAnswer', async (channel: string) => {
    if (channel === 'updates.check') {
      void flow.check();
      return flow.status();
    }
    return channel === 'updates.install' ? flow.install() : flow.status();
  });
  const preload = readFileSync('out/preload/index.cjs', 'utf8');
  await page.addInitScript(standInScript(preload, triage.bridge.token, { mainUpdates: true }));
  await page.goto(triage.bridge.origin);
  await expect(page.getByRole('listbox', { name: /threads/ })).toBeFocused({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Settings' }).click();

  const group = page.getByRole('group', { name: 'Updates' });
  const words = group.getByTestId('update-words');
  await expect(group).toContainText('Outreach Triage version 0.1.0');
  await expect(words).toHaveText('It checks for a new version at start and every 4 hours.');
  const auto = group.getByRole('checkbox', { name: /Look for a new version by itself/ });
  await expect(auto).toBeEnabled();
  await expect(auto).toBeChecked();

  await group.getByRole('button', { name: 'Check now' }).click();
  await expect(words).toHaveText('Downloading version 0.2.0 in the background (40%)…');
  await expect(group.getByRole('button', { name: 'Check now' })).toBeDisabled();
  await expect(group.getByRole('button', { name: 'Restart to update' })).toHaveCount(0);

  port.finish();
  await expect(words).toHaveText(
    'Version 0.2.0 is downloaded and checked. It installs when the app restarts.',
  );
  await expect(group).toContainText('Last check:');
  await shot(page, 'settings-updates-ready');
  expect(port.installs).toBe(0);
  await group.getByRole('button', { name: 'Restart to update' }).click();
  await expect.poll(() => port.installs).toBe(1);

  // The switch is the core's setting: off here, off in the core.
  await auto.uncheck();
  await expect
    .poll(async () => (await triage.bridge.app.handlers['settings.get']({})).autoUpdates)
    .toBe(false);
  flow.stop();
});

interface Main {
  __mainUpdatesEmit(status: unknown): void;
}
