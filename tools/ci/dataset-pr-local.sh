#!/usr/bin/env bash
# The pull-request job's steps (.github/workflows/dataset-changes.yml), run here without GitHub:
# the shipped dataset is the base, and a copy of it with one guide corrected is the pull request.
# Prints the comment the job would post, and fails unless it names each change. Run by .ci/run.
# (`npm run changes -- --against REF` runs the same steps on a real change of the checkout.)
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/psg-dataset-pr-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R dataset "$work/pr-dataset"
# What a correcting pull request might do to guide 900000002: level p4 of its system top30, "P4",
# renamed; seeds 661 and 868 swapped between places 4 and 5; its one untranscribed number reviewed.
node -e '
  const fs = require("node:fs");
  const file = process.argv[1];
  const guide = JSON.parse(fs.readFileSync(file, "utf8"));
  const top30 = guide.systems.find((system) => system.id === "top30");
  top30.levels.find((level) => level.key === "p4").label = "Place 4";
  const [a, b] = [661, 868].map((seed) => top30.gradings.find((grading) => grading.seed === seed));
  [a.level, b.level] = [b.level, a.level];
  guide.unassigned_review = { count: 1, reviewed_at: "2026-01-05", reviewed_by: "Example Author B" };
  fs.writeFileSync(file, JSON.stringify(guide, null, 2) + "\n");
' "$work/pr-dataset/guides/900000002.json"

# Each step's log is shown only when it fails, as the job's log would show it.
step() { "$@" > "$work/step.log" 2>&1 || { cat "$work/step.log" >&2; exit 1; }; }
step bash tools/ci/dataset-check.sh "$work/pr-dataset" "$work/job"
step bash tools/ci/dataset-changes.sh dataset "$work/pr-dataset" "$work/job"
node tools/ci/pr-comment.ts "$work/job" --pull-request 1 --summary "$work/summary.md" > "$work/comment.md"
cat "$work/comment.md"
expect() { grep -qF -- "$2" "$work/$1" || { echo "dataset-pr-local: the $1 does not hold: $2" >&2; exit 1; }; }
expect comment.md '| 900000002 | `top30` | p4 | P4 | Place 4 |'
expect comment.md '| 661 | `ak-47-case-hardened` 7/44 | 900000002 | `top30` | P4 | P5 |'
expect comment.md '| 900000002 | `unassigned_review` | none | 1 unassigned, reviewed 2026-01-05 by "Example Author B" |'
expect comment.md '- changed `/v1/items/7/44/seeds/661`'
expect comment.md '+  900000002 | top30 "Top 30" (rank) | "Place 4" [p4]'
expect summary.md '<details><summary>Every response that changes'
