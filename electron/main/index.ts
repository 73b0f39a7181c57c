// Placeholder: the Electron shell lands with the shell issue.
import { app } from 'electron';

app.whenReady().then(() => app.quit());
