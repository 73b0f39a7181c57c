// Shared, lazily built resources of one run: the sandbox services (each in its own process, as a
// remote service would be) and the big store that every read figure runs on, synced once from a
// big sandbox by a core child process and reused for the rest of the run.
import { join } from 'node:path';
import { startChild, type Child } from './child';
import type { Scale } from './scale';

export interface SandboxInfo {
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
  core: Child;
  sandbox: SandboxInfo;
  /** The account's data folder (holds the SQLite file). */
  dir: string;
  syncMs: number;
  rssMB: number;
}

export class Fixtures {
  private readonly children: Child[] = [];
  private readonly sandboxes = new Map<string, Promise<SandboxInfo>>();
  private big: Promise<BigStore> | null = null;
  private readonly used: Record<string, number> = {};

  constructor(
    readonly scale: Scale,
    readonly tmp: string,
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
        return info;
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
      const dir = join(this.tmp, 'big-store');
      this.log('core child: full sync of the big sandbox');
      const r = await core.call<{ ms: number; rssMB: number }>('syncFull', { ...sandbox, dir });
      this.log(`big store synced in ${(r.ms / 1000).toFixed(1)} s; core RSS ${r.rssMB.toFixed(0)} MB`);
      return { core, sandbox, dir, syncMs: r.ms, rssMB: r.rssMB };
    })();
    return this.big;
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
