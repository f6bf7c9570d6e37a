#!/usr/bin/env bash
# The public Swift API against the last release, with SwiftPM's own check, then the recorded list
# of public symbols (.ci/api-symbols.py): any API break in a library product fails, unless the breakage is listed in .ci/api-breakage-allowlist.txt (each
# line the exact message SwiftPM prints), which a release that breaks on purpose fills and the
# CHANGELOG explains.
#
# The baseline is the release recorded in .ci/api-baseline ("VERSION COMMIT"): the commit, not
# the tag, so that a clone without tags still finds it. SwiftPM builds that commit in a worktree
# (a couple of minutes on 2 cores) and keeps its API dump in .build/api-baseline for later runs.
set -euo pipefail
cd "$(dirname "$0")/.."

read -r version commit < .ci/api-baseline
if ! git cat-file -e "$commit^{commit}" 2> /dev/null; then
    echo "api-check: the baseline $version ($commit) is not in this clone's history (a shallow clone?)" >&2
    exit 1
fi
products=(HitIndex HitIndexReference HitIndexSceneFormat HitIndexFixtures HitIndexFuzz HitIndexImport HitIndexEvents)
allow=()
[ -s .ci/api-breakage-allowlist.txt ] && allow=(--breakage-allowlist-path .ci/api-breakage-allowlist.txt)
echo "api-check: ${products[*]} against $version ($commit)" >&2
# Extra flags (CI passes -Xswiftc -warnings-as-errors, as its other debug builds have them, so
# that nothing is rebuilt for a difference of flags).
swift package "$@" diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
    --baseline-dir .build/api-baseline "${allow[@]}"

# SwiftPM's dumps include `package` declarations, so public → package goes unreported there: the
# recorded list of public symbols catches it (and any removal), from the debug modules that the
# check above has just built.
python3 .ci/api-symbols.py
