// The application menu as a plain template (only type imports from electron). Items send a
// `menu.command` with a keymap command id; the renderer's keymap stays the one place keys are
// handled, so accelerators are shown but not registered (no key fires twice, none is stolen from
// a text field).
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../shared/contract';

export function menuTemplate(opts: {
  isMac: boolean;
  isDev: boolean;
  send: (command: MenuCommand) => void;
}): MenuItemConstructorOptions[] {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    click: () => opts.send(command),
    ...(accelerator ? { accelerator, registerAccelerator: false } : {}),
  });
  return [
    ...(opts.isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        item('Sync Now', 'sync.now'),
        item('Accounts…', 'go.accounts'),
        { type: 'separator' },
        opts.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        item('Inbox', 'go.inbox'),
        item('Campaigns', 'go.campaigns'),
        item('Outbox', 'go.outbox'),
        { type: 'separator' },
        item('Search', 'search.focus', '/'),
        item('Command Palette', 'palette.open', 'CmdOrCtrl+K'),
      ],
    },
    {
      label: 'View',
      submenu: [
        item('Toggle Theme', 'theme.toggle'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(opts.isDev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [item('Keyboard Shortcuts', 'help.open', '?')] },
  ];
}
