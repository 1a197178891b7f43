#!/usr/bin/env bash
# The deploy-netlify job's step: builds into an empty dist/ and deploys it, with the edge functions
# of netlify/edge-functions/, to the site NETLIFY_SITE_ID names, as its production deploy. Netlify's
# CLI reads NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID from the environment. The CLI is not a dependency
# of the repository (hundreds of packages every install would fetch): npx installs the pinned version,
# into npm's cache folder NETLIFY_CLI_CACHE when it is set (the workflow keeps that folder per version).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${NETLIFY_AUTH_TOKEN:?is not set}" "${NETLIFY_SITE_ID:?is not set}"
# An empty folder, as a Netlify build has: a folder built into before would upload the previous generation too.
rm -rf dist
npm run --silent build
# --no-build: dist/ is built above; the CLI still bundles the edge functions.
npx --yes ${NETLIFY_CLI_CACHE:+--cache "$NETLIFY_CLI_CACHE"} netlify-cli@27.10.2 deploy --prod --no-build --dir dist --message "$(git log -1 --format='%h %s')"
