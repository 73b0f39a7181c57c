import { mount } from 'svelte';
import App from './App.svelte';
import { start } from './lib/stores/session.svelte';
import './theme.css';
import './styles.css';

async function main(): Promise<void> {
  // In a plain browser (the web bridge) there is no preload: the bridge's client provides window.triage.
  if (!('triage' in window)) await (await import('../electron/web/client')).installWebClient();
  // The first calls go out now: the core answers them while the window's parts are made.
  void start();
  const target = document.getElementById('app');
  if (!target) throw new Error('index.html has no #app element');
  mount(App, { target });
}

void main();
