// The window's parts a first paint of the list does not need: the reading pane (with the composer
// and the sanitizer behind it), the other pages and the dialogs. They are a chunk of their own,
// loaded once the first rows are painted and the page is idle, or at once when one is asked for
// first (lib/laterParts.svelte.ts); the list's script is compiled and run without them.
export { default as AccountsView } from './components/AccountsView.svelte';
export { default as CampaignsView } from './components/CampaignsView.svelte';
export { default as CommandPalette } from './components/CommandPalette.svelte';
export { default as DncDialog } from './components/DncDialog.svelte';
export { default as DraftDoneDialog } from './components/DraftDoneDialog.svelte';
export { default as EmailAccountsView } from './components/EmailAccountsView.svelte';
export { default as HelpOverlay } from './components/HelpOverlay.svelte';
export { default as OutboxView } from './components/OutboxView.svelte';
export { default as ReadingPane } from './components/ReadingPane.svelte';
export { default as SettingsView } from './components/SettingsView.svelte';
export { default as SnoozePicker } from './components/SnoozePicker.svelte';
