// The window's first calls go out before anything else is evaluated: this module's first import
// sends them (boot.ts), then the app's modules are evaluated and its parts made while the core
// answers.
import './boot';
import { mount } from 'svelte';
import App from './App.svelte';
import { start } from './lib/stores/session.svelte';
import './theme.css';
import './styles.css';

// The mount waits for the same start (App.svelte), which takes the first calls' answers.
void start();
const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target });
