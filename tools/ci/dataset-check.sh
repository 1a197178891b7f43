#!/usr/bin/env bash
# `tools/ci/dataset-check.sh DATASET WORK`: the pull-request job's first step, `npm run check` on the
# pull request's dataset. Its lines go to the log as they are and to WORK/check.txt, its exit code to
# WORK/check.status, for the comment (tools/ci/pr-comment.ts); the step fails when the check does.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: tools/ci/dataset-check.sh DATASET WORK" >&2; exit 2; }
dataset=$(realpath "$1")
mkdir -p "$2"
work=$(realpath "$2")
cd "$(dirname "$0")/../.."
status=0
npm run --silent check -- "$dataset" > "$work/check.txt" 2>&1 || status=$?
cat "$work/check.txt"
echo "$status" > "$work/check.status"
exit "$status"
