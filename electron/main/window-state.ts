// Remembers the window's size and position in a small JSON file in userData. Plain Node, so the
// rules (a saved window must still be visible on one of today's screens) are tested without Electron.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_BOUNDS, type WindowBounds } from './window-options';

const savedState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean().optional(),
});
export type WindowState = z.infer<typeof savedState>;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function loadWindowState(file: string): WindowState | null {
  try {
    const parsed = savedState.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}

/** The saved bounds if at least a useful part of the window lands on a screen; else the default size, centred. */
export function fitBounds(saved: WindowState | null, screens: Area[]): WindowBounds {
  if (!saved) return DEFAULT_BOUNDS;
  const { x, y } = saved;
  const size = { width: saved.width, height: saved.height };
  if (x === undefined || y === undefined) return size;
  const visible = screens.some((s) => {
    const overlapW = Math.min(x + saved.width, s.x + s.width) - Math.max(x, s.x);
    const overlapH = Math.min(y + saved.height, s.y + s.height) - Math.max(y, s.y);
    return overlapW >= 100 && overlapH >= 100;
  });
  return visible ? { x, y, ...size } : size;
}
