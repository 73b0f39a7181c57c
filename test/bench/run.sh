#!/usr/bin/env bash
# `npm run bench`: the benchmarks need a keychain wherever the app runs (createApp, the web
# bridge); keychain-session.sh provides one, then test/bench/run.ts runs.
set -uo pipefail
cd "$(dirname "$0")/../.."

source scripts/keychain-session.sh "npm run bench" "$0" "$@"

exec npx tsx test/bench/run.ts "$@"
