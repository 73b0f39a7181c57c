# Sourced by the scripts that need a real keychain (npm test, npm run bench):
#   source scripts/keychain-session.sh LABEL "$0" "$@"
# On Linux without a D-Bus session (CI, a bare machine) it re-runs the calling script inside a
# private session bus with a throwaway, unlocked gnome-keyring, so keytar talks to a real keychain;
# on a developer's desktop (or macOS) it leaves the keychain already there alone.
triage_label="$1"
shift

if [ "$(uname)" = "Linux" ] && [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${TRIAGE_PRIVATE_BUS:-}" ]; then
  if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
    echo "$triage_label: no D-Bus session here, and dbus-run-session or gnome-keyring-daemon is missing." >&2
    echo "Install them (Debian: apt-get install dbus gnome-keyring libsecret-1-dev) or run inside a desktop session." >&2
    exit 1
  fi
  exec env TRIAGE_PRIVATE_BUS=1 dbus-run-session -- bash "$@"
fi

if [ -n "${TRIAGE_PRIVATE_BUS:-}" ] && [ -z "${GNOME_KEYRING_CONTROL:-}" ]; then
  # A throwaway keyring: its files live in a temporary folder, never in the user's own.
  XDG_DATA_HOME="$(mktemp -d)"
  export XDG_DATA_HOME
  eval "$(printf 'outreach-triage\n' | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  echo "$triage_label: private D-Bus session with an unlocked gnome-keyring"
fi
