#!/usr/bin/env bash
# `npm test`: everything that checks the project, with a real keychain (keychain-session.sh).
set -uo pipefail
cd "$(dirname "$0")/.."

source scripts/keychain-session.sh "npm test" "$0" "$@"

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
