// Evaluated before the rest of the page's script (src/main.ts imports it first): window.triage
// for a plain browser, then the window's first calls, so they are on their way while the app's
// modules are evaluated and its parts made.
import { installWebClient } from '../electron/web/client';
import { sendFirstCalls } from './lib/firstCalls';

// In a plain browser (the web bridge) there is no preload: the bridge's client provides window.triage.
if (!('triage' in window)) installWebClient();
sendFirstCalls();
