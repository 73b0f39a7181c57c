// The window's parts a first paint of the list does not need: the reading pane (with the composer
// and the sanitizer behind it) and the other pages. They are a chunk of their own,
// loaded once the first rows are painted and the page is idle, or at once when one is asked for
// first (lib/laterParts.svelte.ts); the list's script is compiled and run without them. The
// dialogs stay in the first script: they take typing at once (the palette opened in the first
// moments gets every letter), and they cost nothing to draw until opened.
export { default as AccountsView } from './components/AccountsView.svelte';
export { default as CampaignsView } from './components/CampaignsView.svelte';
export { default as EmailAccountsView } from './components/EmailAccountsView.svelte';
export { default as OutboxView } from './components/OutboxView.svelte';
export { default as ReadingPane } from './components/ReadingPane.svelte';
export { default as SettingsView } from './components/SettingsView.svelte';
