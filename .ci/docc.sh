#!/usr/bin/env bash
# Builds the DocC documentation of HitIndex and HitIndexEvents with the toolchain's own `docc`,
# without any package dependency (no swift-docc-plugin), and fails on any warning: a broken
# ``Symbol`` or <doc:Article> link, a missing parameter, an unknown topic.
#
#   .ci/docc.sh            # from anywhere; writes .build/docs/HitIndex.doccarchive and
#                          # .build/docs/HitIndexEvents.doccarchive
#
# Steps, each announced on standard error:
#   1. a debug build of the two modules (and what they import) in its own scratch path,
#      .build-docc, so that it never replaces another build's products;
#   2. their public symbol graphs, extracted from the built modules with
#      `swift symbolgraph-extract`: always fresh, even when the build was a no-op (graphs emitted
#      during the build with `-emit-symbol-graph` are written only when a module recompiles);
#   3. checks that DocC itself does not make: every public declaration has a doc comment of its
#      own, every top-level symbol is curated in its module's landing page, and the Swift code
#      in the catalogs' pages compiles against the current API;
#   4. `docc convert` of each catalog with `--warnings-as-errors`.
# Exit status: 0 when the documentation builds clean; 1 otherwise, with the reason above it.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "docc.sh: $*" >&2; }

modules=(HitIndex HitIndexEvents)
# CI passes the scratch path its debug build already used (DOCC_SCRATCH=.build), so that the
# build here has nothing left to do; by default a path of its own.
scratch=${DOCC_SCRATCH:-.build-docc}
work="$scratch/docc"
out=.build/docs

command -v docc > /dev/null || { say "docc is not on PATH (it ships with the Swift toolchain)"; exit 1; }

say "building ${modules[*]} (debug, --scratch-path $scratch)"
# HitIndexEvents depends on HitIndex and HitIndexSceneFormat: one target builds all three.
# Warnings as errors, as every build in CI.
swift build --scratch-path "$scratch" --target HitIndexEvents -Xswiftc -warnings-as-errors >&2
bin=$(swift build --scratch-path "$scratch" --target HitIndexEvents -Xswiftc -warnings-as-errors --show-bin-path)
# HitIndex imports the C module CHitIndexAtomics; its module map lives in the build directory.
atomics="$bin/CHitIndexAtomics.build/module.modulemap"
[ -f "$atomics" ] || { say "no module map at $atomics"; exit 1; }
import_flags=(-I "$bin/Modules" -Xcc "-fmodule-map-file=$atomics")

rm -rf "$work"
mkdir -p "$work" "$out"
for module in "${modules[@]}"; do
    say "extracting the public symbol graph of $module"
    # For DocC: members inherit their protocol requirement's documentation, as Xcode shows them.
    mkdir -p "$work/graphs/$module" "$work/own/$module"
    swift symbolgraph-extract -module-name "$module" "${import_flags[@]}" \
        -minimum-access-level public -output-dir "$work/graphs/$module"
    # For the coverage check: each declaration's own doc comment only.
    swift symbolgraph-extract -module-name "$module" "${import_flags[@]}" \
        -minimum-access-level public -skip-inherited-docs -output-dir "$work/own/$module"
done

say "checking doc comments and the landing pages' topic groups"
python3 - "$work/own" "${modules[@]}" << 'PY'
import json, os, re, sys

root, modules = sys.argv[1], sys.argv[2:]
failed = False
for module in modules:
    graph = json.load(open(os.path.join(root, module, module + ".symbols.json")))
    symbols = graph["symbols"]
    # Declarations written in the sources (synthesized members, such as an enum's
    # init(rawValue:) or Hashable's hash(into:), have no location and no place for a comment).
    missing = []
    for s in symbols:
        if "location" not in s or s.get("docComment", {}).get("lines"):
            continue
        where = s["location"]["uri"].split("/Sources/", 1)[-1]
        line = s["location"]["position"]["line"] + 1
        missing.append(f"Sources/{where}:{line}: {'/'.join(s['pathComponents'])}")
    for m in sorted(missing):
        print(f"{m}: public, but no /// doc comment", file=sys.stderr)
    failed |= bool(missing)
    # Every top-level symbol must appear in a topic group of the landing page.
    landing = open(f"Sources/{module}/{module}.docc/{module}.md").read()
    topics = landing.split("## Topics", 1)[1] if "## Topics" in landing else ""
    curated = set(re.findall(r"^- ``([^`/]+)``\s*$", topics, re.M))
    tops = sorted({s["pathComponents"][0] for s in symbols if len(s["pathComponents"]) == 1})
    for name in tops:
        if name not in curated:
            print(f"Sources/{module}/{module}.docc/{module}.md: ``{name}`` is in no topic group",
                  file=sys.stderr)
            failed = True
    print(f"docc.sh: {module}: {len(symbols)} public symbols, {len(missing)} without a doc "
          f"comment; {len(tops)} top-level symbols, {len(curated & set(tops))} curated", file=sys.stderr)
sys.exit(1 if failed else 0)
PY

say "compiling the Swift code of the catalogs' pages"
for module in "${modules[@]}"; do
    for page in "Sources/$module/$module.docc"/*.md; do
        # The page's ```swift blocks, in order, as one program: they are written to build on
        # each other, as a reader runs them.
        code="$work/snippets/$module/$(basename "$page" .md)/main.swift"
        mkdir -p "$(dirname "$code")"
        awk '/^```swift[[:space:]]*$/ { inside = 1; next } /^```/ { inside = 0 } inside' "$page" > "$code"
        [ -s "$code" ] || continue
        if ! swiftc -typecheck -warnings-as-errors "${import_flags[@]}" "$code" >&2; then
            say "$page: its Swift code does not compile (extracted to $code)"
            exit 1
        fi
    done
done

for module in "${modules[@]}"; do
    say "docc convert Sources/$module/$module.docc (warnings as errors)"
    rm -rf "$out/$module.doccarchive"
    docc convert "Sources/$module/$module.docc" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.hitindex.$module" \
        --fallback-default-module-kind Framework \
        --additional-symbol-graph-dir "$work/graphs/$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors >&2
done
say "ok: $(printf "$out/%s.doccarchive " "${modules[@]}")"
