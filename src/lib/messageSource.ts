// Which text of a message the reading pane shows: its HTML, or its text body when the HTML shows
// nothing; only the start of a very long body until the person asks for the whole; and which
// message a thread opens on.
import type { Message } from '../../electron/shared/contract';
import { textToHtml } from './compose';

/** Past this many characters a body shows its start and "Show the whole message". */
export const LONG_BODY_CHARS = 200_000;

export interface MessageSource {
  html: string;
  /** Only the start is shown. */
  cut: boolean;
}

export function messageSource(
  m: Pick<Message, 'bodyHtml' | 'bodyText'>,
  opts: { whole: boolean; textOnly: boolean },
): MessageSource {
  const useText = opts.textOnly || !m.bodyHtml.trim();
  const raw = useText ? m.bodyText : m.bodyHtml;
  const cut = !opts.whole && raw.length > LONG_BODY_CHARS;
  // A cut inside a tag or entity is harmless: the sanitizer parses what is left and closes it.
  const part = cut ? raw.slice(0, LONG_BODY_CHARS) : raw;
  return { html: useText ? textToHtml(part) : part, cut };
}

/** The one line a folded message shows: its first words, from the text body. */
export function firstWords(m: Pick<Message, 'bodyText'>, max = 140): string {
  const text = m.bodyText
    .slice(0, max * 4)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The message a thread opens on: the prospect's newest, else the newest of all. */
export function latestInboundIndex(messages: readonly Pick<Message, 'direction'>[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.direction === 'inbound') return i;
  return messages.length - 1;
}
