#!/usr/bin/env bash
# `npm run bench`: the benchmarks need a keychain wherever the app runs (createApp, the web
# bridge). Without a D-Bus session (CI, a bare machine) start a private one with a throwaway,
# unlocked gnome-keyring, exactly as scripts/test.sh does, then run test/bench/run.ts.
set -uo pipefail
cd "$(dirname "$0")/../.."

if [ "$(uname)" = "Linux" ] && [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${TRIAGE_PRIVATE_BUS:-}" ]; then
  if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
    echo "npm run bench: no D-Bus session here, and dbus-run-session or gnome-keyring-daemon is missing." >&2
    exit 1
  fi
  exec env TRIAGE_PRIVATE_BUS=1 dbus-run-session -- bash "$0" "$@"
fi

if [ -n "${TRIAGE_PRIVATE_BUS:-}" ]; then
  XDG_DATA_HOME="$(mktemp -d)"
  export XDG_DATA_HOME
  eval "$(printf 'outreach-triage-bench\n' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
fi

exec npx tsx test/bench/run.ts "$@"
