// What a do-not-contact entry means to the store: sending it twice is harmless.
export interface DncPayload {
  entries: string[];
}

export const KINDS = {
  dnc: { idempotent: true },
};
