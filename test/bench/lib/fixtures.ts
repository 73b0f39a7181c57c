// Shared, lazily built resources of one run: the sandbox services (each in its own process, as a
// remote service would be) and the big store that every read figure runs on, synced once from a
// big sandbox by a core child process and reused for the rest of the run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { AppInfo } from '../core-child';
import { startChild, type Child } from './child';
import type { Scale } from './scale';

export interface SandboxInfo {
  /** The sandbox's own process, to read its CPU time. */
  child?: Child;
  baseUrl: string;
  apiKey: string;
  /** Seconds the sandbox took to generate its data. */
  seedSeconds: number;
}

export interface SandboxSize {
  threads: number;
  messages: number;
  leads: number;
}

export interface BigStore {
  /** The app (createApp behind the web bridge) in its own process. */
  core: Child;
  sandbox: SandboxInfo;
  app: AppInfo;
}

/** Renderer builds of this process, by repository root. */
const builds = new Map<string, Promise<void>>();

export class Fixtures {
  private readonly children: Child[] = [];
  private readonly sandboxes = new Map<string, Promise<SandboxInfo>>();
  private big: Promise<BigStore> | null = null;
  private readonly used: Record<string, number> = {};

  constructor(
    readonly scale: Scale,
    readonly tmp: string,
    readonly root: string,
    private readonly log: (m: string) => void,
  ) {}

  /** A sandbox child process serving `size` of data, generated once per size in the run. */
  sandbox(name: string, size: SandboxSize): Promise<SandboxInfo> {
    const key = `${name}:${size.threads}/${size.messages}/${size.leads}`;
    let p = this.sandboxes.get(key);
    if (!p) {
      p = (async () => {
        this.log(
          `starting sandbox "${name}": ${size.threads} threads, ${size.messages} messages, ${size.leads} leads`,
        );
        const child = await this.track(startChild('sandbox-child.ts'));
        const info = await child.call<SandboxInfo>('start', { size, dir: join(this.tmp, `sandbox-${name}`) });
        this.log(
          `sandbox "${name}" ready at ${info.baseUrl} (data built in ${info.seedSeconds.toFixed(1)} s)`,
        );
        this.used[`${name} threads`] = size.threads;
        this.used[`${name} messages`] = size.messages;
        this.used[`${name} leads`] = size.leads;
        return { ...info, child };
      })();
      this.sandboxes.set(key, p);
    }
    return p;
  }

  /** A core child process that did one full sync of the big sandbox into its own store. */
  bigStore(): Promise<BigStore> {
    this.big ??= (async () => {
      const sandbox = await this.sandbox('big', this.scale.big);
      const core = await this.track(startChild('core-child.ts'));
      this.log('app child: adding the big sandbox account and waiting for its first full sync');
      const app = await core.call<AppInfo>('startApp', {
        baseUrl: sandbox.baseUrl,
        apiKey: sandbox.apiKey,
        dataDir: join(this.tmp, 'app-data'),
        // A keychain service of our own; the account (and so its key) is removed at the end.
        keychainService: `Outreach Triage bench ${randomBytes(6).toString('hex')}`,
        rendererDir: join(this.root, 'out', 'renderer'),
      });
      const counts = await core.call<Record<string, number>>('counts');
      for (const [k, v] of Object.entries(counts)) this.used[`big store ${k}`] = v;
      this.log(
        `big store synced in ${(app.syncMs / 1000).toFixed(1)} s (${JSON.stringify(counts)}); core RSS ${app.rssMB.toFixed(0)} MB`,
      );
      return { core, sandbox, app };
    })();
    return this.big;
  }

  /** Builds the renderer the bridge serves (once per run, even across the sizes of a curve). */
  renderer(): Promise<void> {
    let built = builds.get(this.root);
    if (!built) {
      this.log('building the renderer (electron-vite build)');
      built = run('npx', ['electron-vite', 'build'], this.root);
      builds.set(this.root, built);
    }
    return built;
  }

  /** A fresh core child process (for figures that need their own). */
  async core(): Promise<Child> {
    return this.track(startChild('core-child.ts'));
  }

  sizes(): Record<string, number> {
    return { ...this.used };
  }

  note(name: string, value: number): void {
    this.used[name] = value;
  }

  private async track(p: Promise<Child>): Promise<Child> {
    const c = await p;
    this.children.push(c);
    return c;
  }

  async close(): Promise<void> {
    await Promise.all(this.children.map((c) => c.stop().catch(() => undefined)));
  }
}

function run(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    p.on('error', reject);
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
