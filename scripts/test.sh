#!/usr/bin/env bash
# `npm test`: everything that checks the project. On Linux without a D-Bus session (CI, a bare
# machine) it first starts a private session bus with an unlocked gnome-keyring, so keytar talks
# to a real keychain; on a developer's desktop it uses the keychain already there.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname)" = "Linux" ] && [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${TRIAGE_PRIVATE_BUS:-}" ]; then
  if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
    echo "npm test: no D-Bus session here, and dbus-run-session or gnome-keyring-daemon is missing." >&2
    echo "Install them (Debian: apt-get install dbus gnome-keyring libsecret-1-dev) or run inside a desktop session." >&2
    exit 1
  fi
  exec env TRIAGE_PRIVATE_BUS=1 dbus-run-session -- bash "$0" "$@"
fi

if [ -n "${TRIAGE_PRIVATE_BUS:-}" ]; then
  # A throwaway keyring: its files live in a temporary folder, never in the user's own.
  XDG_DATA_HOME="$(mktemp -d)"
  export XDG_DATA_HOME
  eval "$(printf 'outreach-triage-tests\n' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  echo "npm test: private D-Bus session with an unlocked gnome-keyring"
fi

mkdir -p test-results
status=0
step() {
  local name="$1"
  shift
  echo
  echo "== $name: $*"
  if "$@"; then echo "== $name: ok"; else echo "== $name: FAILED"; status=1; fi
}

step typecheck npx tsc --noEmit -p tsconfig.json
step svelte-check npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings --output human
step lint npx eslint .
step format npx prettier --check .
step unit+integration npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json
step build npx electron-vite build
step browser npx playwright test
node scripts/test-summary.mjs || status=1
exit $status
