#!/usr/bin/env bash
# `tools/ci/dataset-changes.sh BASE_DATASET PR_DATASET WORK`: the pull-request job's second step. Builds
# both datasets with this checkout's code, so that what differs is what the dataset changes (the same
# builds dataset/README.md, "Adding a guide", asks of a contributor), then writes into WORK:
#   changes.md, changes.json   `npm run changes` from the base's build to the pull request's
#   responses.txt              every response that changes, one request a line (`--responses`)
#   graded-seeds.diff          how test/snapshots/graded-seeds.txt changes (empty when it does not)
#   graded-seeds.committed     "current" when the checkout's snapshot is the pull request's, else "stale"
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: tools/ci/dataset-changes.sh BASE_DATASET PR_DATASET WORK" >&2; exit 2; }
base=$(realpath "$1")
pr=$(realpath "$2")
mkdir -p "$3"
work=$(realpath "$3")
cd "$(dirname "$0")/../.."
snapshot=test/snapshots/graded-seeds.txt

echo "building the base's dataset ($base)"
npm run --silent build -- --dataset "$base" --out "$work/base-dist"
echo "building the pull request's dataset ($pr)"
npm run --silent build -- --dataset "$pr" --out "$work/pr-dist"
npm run --silent changes -- --from "$work/base-dist" --to "$work/pr-dist" --markdown --out "$work/changes.md"
npm run --silent changes -- --from "$work/base-dist" --to "$work/pr-dist" --json --out "$work/changes.json"
npm run --silent changes -- --from "$work/base-dist" --to "$work/pr-dist" --responses --out "$work/responses.txt"

node tools/ci/graded-seeds.ts "$base" "$work/graded-seeds-base.txt"
node tools/ci/graded-seeds.ts "$pr" "$work/graded-seeds-pr.txt"
# diff exits 1 when the files differ, which is no failure here.
diff -u --label "a/$snapshot" --label "b/$snapshot" "$work/graded-seeds-base.txt" "$work/graded-seeds-pr.txt" > "$work/graded-seeds.diff" || [ $? -eq 1 ]
if cmp -s "$work/graded-seeds-pr.txt" "$snapshot"; then echo current; else echo stale; fi > "$work/graded-seeds.committed"
echo "graded seeds: $(grep -c '^[-+] ' "$work/graded-seeds.diff" || true) verdict line(s) differ; the checkout's $snapshot is $(cat "$work/graded-seeds.committed")"
