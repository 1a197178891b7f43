#!/usr/bin/env bash
# The pull-request job's steps (.github/workflows/dataset-changes.yml), run here without GitHub:
# the shipped dataset is the base, and a copy of it with one level renamed is the pull request. Prints
# the comment the job would post, and fails unless it names the change. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/psg-dataset-pr-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R dataset "$work/pr-dataset"
# What a correcting pull request might do: level p4 of guide 900000002's system top30, "P4", renamed.
node -e '
  const fs = require("node:fs");
  const file = process.argv[1];
  const guide = JSON.parse(fs.readFileSync(file, "utf8"));
  guide.systems.find((system) => system.id === "top30").levels.find((level) => level.key === "p4").label = "Place 4";
  fs.writeFileSync(file, JSON.stringify(guide, null, 2) + "\n");
' "$work/pr-dataset/guides/900000002.json"

# Each step's log is shown only when it fails, as the job's log would show it.
step() { "$@" > "$work/step.log" 2>&1 || { cat "$work/step.log" >&2; exit 1; }; }
step bash tools/ci/dataset-check.sh "$work/pr-dataset" "$work/job"
step bash tools/ci/dataset-changes.sh dataset "$work/pr-dataset" "$work/job"
node tools/ci/pr-comment.ts "$work/job" --pull-request 1 > "$work/comment.md"
cat "$work/comment.md"
grep -q '| 900000002 | `top30` | p4 | P4 | Place 4 |' "$work/comment.md" || { echo "dataset-pr-local: the comment does not name the renamed level" >&2; exit 1; }
grep -q '^+  900000002 | top30 "Top 30" (rank) | "Place 4" \[p4\]' "$work/comment.md" || { echo "dataset-pr-local: the comment does not show the graded seeds diff" >&2; exit 1; }
