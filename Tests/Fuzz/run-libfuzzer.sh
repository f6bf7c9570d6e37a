#!/usr/bin/env bash
# Builds a libFuzzer target and fuzzes it for SECONDS seconds: `index` (the default), the
# differential target (index vs reference on a decoded scene, then a live index vs reference
# through an edit script), or `events`, the event layer (touch delivery and gesture recognizers
# must never trap and keep their invariants).
#
#   Tests/Fuzz/run-libfuzzer.sh SECONDS [index|events]
#
# Exit status 0 when libFuzzer found nothing; otherwise libFuzzer's own status, with the crashing
# input saved under .build/fuzz/artifacts/. Works from any directory.
#
# The package's modules are compiled with plain swiftc, one module at a time, each with
# `-sanitize=fuzzer,address` so that the code under test carries the coverage instrumentation
# libFuzzer steers by (and ASan's checks); only the final link pulls in libFuzzer's main.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || ! [[ $1 =~ ^[0-9]+$ ]] || ! [[ ${2:-index} =~ ^(index|events)$ ]]; then
    echo "usage: $0 SECONDS [index|events]" >&2
    exit 2
fi
seconds=$1
target=${2:-index}

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=.build/fuzz
swiftc=${SWIFTC:-swiftc}
mkdir -p "$out/modules" "$out/obj" "$out/artifacts"

# HitIndex imports the header-only C module CHitIndexAtomics; SwiftPM makes its module map, so
# this script writes its own.
mkdir -p "$out/atomics"
printf 'module CHitIndexAtomics {\n    header "%s"\n    export *\n}\n' \
    "$PWD/Sources/CHitIndexAtomics/include/CHitIndexAtomics.h" > "$out/atomics/module.modulemap"

# The package builds in the Swift 6 language mode.
flags=(-O -swift-version 6 -package-name hitindex -sanitize=fuzzer,address -parse-as-library -I "$out/modules"
    -I "$out/atomics")

run() {
    echo "+ $*"
    "$@"
}

# Each module is compiled only when its key changed: a hash of the compiler, the flags, the C
# header HitIndex imports, the module's sources and the key of the module compiled before it in
# this run (so a module is compiled again whenever one it may import was). Both targets start with
# HitIndex and HitIndexSceneFormat, so running one after the other compiles those once.
chain=$({ "$swiftc" --version 2>&1; printf '%s\n' "${flags[@]}"; cat Sources/CHitIndexAtomics/include/*.h; } \
    | sha256sum | cut -c1-64)

# Compiles the sources of one package module into one object file and its .swiftmodule.
build_module() {
    local name=$1
    shift
    chain=$({ echo "$chain"; printf '%s\n' "$name" "$@"; cat "$@"; } | sha256sum | cut -c1-64)
    local stamp=$out/obj/$name.key
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$chain" ] && [ -f "$out/obj/$name.o" ]; then
        echo "= $name: unchanged since the last build"
        return
    fi
    rm -f "$stamp"
    run nice "$swiftc" "${flags[@]}" -wmo -module-name "$name" \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -c "$@" -o "$out/obj/$name.o"
    echo "$chain" > "$stamp"
}

mapfile -t core < <(find Sources/HitIndex -name '*.swift' | LC_ALL=C sort)
build_module HitIndex "${core[@]}"
build_module HitIndexSceneFormat Sources/HitIndexSceneFormat/*.swift
# lld rather than the default gold, which warns about every local symbol ASan's objects export.
if [ "$target" = index ]; then
    binary=$out/hitindex-fuzz
    seeds=Tests/Fuzz/corpus
    echo "== building $binary"
    build_module HitIndexReference Sources/HitIndexReference/*.swift
    # The edit scripts reuse the in-process fuzzer's edits (FuzzEdit, ModelMirror), which need
    # the fixtures' generators.
    build_module HitIndexFixtures Sources/HitIndexFixtures/*.swift
    build_module HitIndexFuzz Sources/HitIndexFuzz/*.swift
    run nice "$swiftc" "${flags[@]}" -use-ld=lld -module-name HitIndexLibFuzzer \
        Tests/Fuzz/*.swift "$out/obj/HitIndex.o" "$out/obj/HitIndexSceneFormat.o" "$out/obj/HitIndexReference.o" \
        "$out/obj/HitIndexFixtures.o" "$out/obj/HitIndexFuzz.o" -o "$binary"
else
    binary=$out/hitindex-events-fuzz
    seeds=Tests/Fuzz/corpus-events
    echo "== building $binary"
    mapfile -t events < <(find Sources/HitIndexEvents -name '*.swift' | LC_ALL=C sort)
    build_module HitIndexEvents "${events[@]}"
    run nice "$swiftc" "${flags[@]}" -use-ld=lld -module-name HitIndexEventsLibFuzzer \
        Tests/Fuzz/events/*.swift "$out/obj/HitIndex.o" "$out/obj/HitIndexSceneFormat.o" "$out/obj/HitIndexEvents.o" \
        -o "$binary"
fi

# A fresh working copy each run: libFuzzer adds what it finds to the corpus directory it is
# given, and the committed seeds must stay as they are.
corpus=$out/corpus-$target
rm -rf "$corpus"
mkdir -p "$corpus"
cp "$seeds"/* "$corpus/"

echo "== fuzzing for $seconds s over a copy of $seeds ($(ls "$corpus" | wc -l) seeds)"
log=$out/fuzz-$target.log
status=0
# Inputs longer than 1 KiB decode no further (the decoder reads at most a few hundred bytes).
# Swift's own backtracer is turned off: under ASan it reads its stack in ways ASan reports as a
# second, unrelated error, burying the target's report; libFuzzer's trap handler suffices.
# Per-input leak checks are off: a load's concurrentPerform leaves 64-byte blocks libdispatch keeps
# for reuse, so every input looks leaky and libFuzzer re-runs it with a full leak check (80 % of
# the time, 2-3x fewer runs, measured); the store's raw memory is leak-checked by CI's
# AddressSanitizer step (`hitindex fuzz` and a million-view load under ASan, leaks reported).
run env SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len=1024 -timeout=10 \
    -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$out/artifacts/" "$corpus" 2> "$log" || status=$?

# libFuzzer's closing lines: the last status line (runs, coverage, features, corpus) and "Done".
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true
grep -E '^Done [0-9]+ runs' "$log" | tail -n 1 || true
if [ "$status" -ne 0 ]; then
    echo "== libFuzzer found a problem (exit status $status); full log: $log" >&2
    # The target's report (headline, point, both answers, scene JSON), then libFuzzer's verdict.
    sed -n '/^hitindex-fuzz: /,/^]}$/p' "$log" >&2
    grep -A 60 '^hitindex-events-fuzz: ' "$log" | head -n 60 >&2 || true
    grep -E '^==[0-9]+==ERROR|^SUMMARY|Test unit written to' "$log" >&2 || tail -n 30 "$log" >&2
    echo "reproduce: $binary CRASHFILE (the file named above)" >&2
    exit "$status"
fi
echo "libfuzzer: ok, nothing found in $seconds s"
