#!/usr/bin/env bash
# Counts the instructions one edit and its commit execute, for every edit kind, under valgrind's
# callgrind: `hitindex-bench edits` runs the edits, each inside `profiledEdit`, and callgrind
# counts only inside that function (--toggle-collect), so the figure is the index's alone (the
# build, the driver's bookkeeping and the edits' targets are outside it). A count repeats to the
# instruction for the same binary and arguments, whatever else the machine is doing, where a
# timing here moves by tens of percent: compare builds with it, then confirm with timings.
#
#   perf/edit-instructions.sh [COUNT] [EDITS] [SHAPES] [KINDS]
#
# COUNT views (default 100000), EDITS edits of each kind (default 2000), SHAPES and KINDS as
# comma-separated lists (default grid,ui and every kind). Set HITINDEX_BENCH to a binary to
# measure it instead of building this checkout's release `hitindex-bench` (to compare two
# commits, build each with its own --scratch-path and point HITINDEX_BENCH at each in turn).
# Prints one line per shape and kind: instructions per edit with its commit, and the run's p50
# under callgrind (slowed about 50 times: only the instructions mean anything). Needs valgrind,
# binutils' objcopy and bc.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

count=${1:-100000}
edits=${2:-2000}
shapes=${3:-grid,ui}
kinds=${4:-attribute,frame,scroll,insert,remove,move}
if ! [[ $count =~ ^[0-9]+$ && $edits =~ ^[0-9]+$ ]] || [ "$edits" -eq 0 ]; then
    echo "usage: $0 [COUNT] [EDITS] [SHAPES] [KINDS]" >&2
    exit 2
fi
for tool in valgrind callgrind_annotate objcopy bc; do
    command -v "$tool" > /dev/null || {
        echo "$0: needs $tool (Debian: valgrind, binutils, bc)" >&2
        exit 2
    }
done
bench=${HITINDEX_BENCH:-}
if [ -z "$bench" ]; then
    echo "== building hitindex-bench (release)" >&2
    swift build -c release --product hitindex-bench >&2
    bench=$(swift build -c release --show-bin-path)/hitindex-bench
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/edit-instructions.XXXXXX")
trap 'rm -rf "$out"' EXIT
# valgrind 3.19 gives up on the DWARF 5 that clang writes for the C targets; a copy without
# debug sections keeps the symbol table, which is all the toggle needs.
objcopy --strip-debug "$bench" "$out/hitindex-bench"
bench=$out/hitindex-bench

printf '%-8s %9s %-10s %14s\n' shape views kind "instr/edit"
for shape in ${shapes//,/ }; do
    for kind in ${kinds//,/ }; do
        echo "== $shape $count: $edits × $kind under callgrind" >&2
        valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledEdit*' \
            --callgrind-out-file="$out/cg.out" "$bench" edits "$shape" "$count" "$kind" "$edits" \
            > "$out/run.txt" 2> "$out/valgrind.txt" || {
            cat "$out/valgrind.txt" "$out/run.txt" >&2
            exit 1
        }
        total=$(callgrind_annotate "$out/cg.out" 2> /dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
        views=$(sed -n 's/^edits: [a-z]* \([0-9]*\) views.*/\1/p' "$out/run.txt")
        printf '%-8s %9s %-10s %14.0f\n' "$shape" "$views" "$kind" "$(echo "$total / $edits" | bc -l)"
    done
done
