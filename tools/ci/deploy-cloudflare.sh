#!/usr/bin/env bash
# The deploy-cloudflare job's step: builds into an empty dist/ and deploys the Worker with it as its
# static assets, as docs/deploy.md ("Cloudflare Workers", "Steps") does by hand, with the wrangler the
# lockfile pins (a development dependency). wrangler reads CLOUDFLARE_API_TOKEN and
# CLOUDFLARE_ACCOUNT_ID from the environment.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${CLOUDFLARE_API_TOKEN:?is not set}" "${CLOUDFLARE_ACCOUNT_ID:?is not set}"
# An empty folder: a folder built into before also holds the previous generation (left out by
# .assetsignore, but read for nothing).
rm -rf dist
npm run --silent build
# --no: the installed wrangler or nothing, never one fetched now.
WRANGLER_SEND_METRICS=false npx --no -- wrangler deploy
