#!/usr/bin/env bash
# Installs what the lockfile says (.ci/run and the workflows' jobs), from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
# No install analytics from Spectral's dependencies.
export SCARF_ANALYTICS=false
# `npm install`, not `npm ci`: the registry reachable here serves only the linux-x64 build of the
# `deno` package's platform binaries, so the lockfile cannot list the other platforms and `npm ci`
# refuses it as out of sync. The lockfile must come out of the install unchanged.
npm install --no-audit --no-fund
git diff --exit-code -- package-lock.json || { echo "package-lock.json changed during install: commit an up-to-date lockfile" >&2; exit 1; }
