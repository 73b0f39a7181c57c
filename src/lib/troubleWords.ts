// Where failed and uncertain changes wait, in words: "in Work: 2 failed; here: 1 failed, 1 uncertain".
import type { AccountTrouble } from './stores/waiting.svelte';

export function troubleWords(troubled: readonly AccountTrouble[], shownId: string | null): string {
  return troubled
    .map((t) => {
      const parts = [t.failed ? `${t.failed} failed` : '', t.uncertain ? `${t.uncertain} uncertain` : '']
        .filter(Boolean)
        .join(', ');
      return `${t.accountId === shownId ? 'here' : `in ${t.label}`}: ${parts}`;
    })
    .join('; ');
}
