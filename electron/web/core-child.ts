// The web bridge's core: a child process that hosts the app behind its IPC channel. Its main
// thread only routes (core/host/router.ts): the app runs on the core's thread and list reads go to
// the reader thread, so neither the bridge's event loop (HTTP, WebSocket, events) nor a list read
// ever waits on the app's work.
import { hostCore } from '../core/host/router';
import { childPort, childRouterOptions } from './core-child-parts';

// The bridge closed the channel (after the core closed its stores) or went away: nothing is left
// to answer. Exiting here, not when hostCore resolves, lets the last message leave first.
process.on('disconnect', () => process.exit(0));
void hostCore(childPort(), childRouterOptions());
