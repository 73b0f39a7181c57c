// Electron gets security fixes in its latest three majors only: `npm test` fails once the major in
// package.json falls out of them, so an unsupported Chromium cannot ship unnoticed again.
import { describe, expect, it } from 'vitest';
import { electronRange, lowestMajor, registryLatest, supportVerdict } from '../../scripts/electron-support';

describe('Electron support check', () => {
  it('refuses a major older than the latest minus two, and names the one to move to', () => {
    const verdict = supportVerdict('^38.8.6', '45.5.0');
    expect(verdict.ok).toBe(false);
    expect(verdict.words).toContain('Electron 38 is out of support');
    expect(verdict.words).toContain('Move package.json to Electron 45');
  });

  it('accepts the latest major and the two before it', () => {
    expect(supportVerdict('^45.5.0', '45.5.0').ok).toBe(true);
    expect(supportVerdict('~43.1.0', '45.5.0').ok).toBe(true);
    expect(supportVerdict('42.0.0', '45.5.0').ok).toBe(false);
  });

  it('passes, saying it could not look, when the registry cannot be asked', () => {
    const verdict = supportVerdict('^38.8.6', null);
    expect(verdict).toEqual({
      ok: true,
      words: 'Could not look up the latest Electron (registry unreachable); package.json names 38.',
    });
  });

  it('reads the lowest major of a range', () => {
    expect(lowestMajor('^45.5.0')).toBe(45);
    expect(lowestMajor('>=44.0.0 <46')).toBe(44);
    expect(lowestMajor('latest')).toBeNull();
  });

  it("package.json's Electron is within the registry's supported majors", async () => {
    const latest = await registryLatest(8000);
    const verdict = supportVerdict(electronRange(), latest);
    // Offline this says so and passes: the check can only judge what it could look up.
    console.log(`electron support: ${verdict.words}`);
    expect(verdict.ok, verdict.words).toBe(true);
  }, 15_000);
});
