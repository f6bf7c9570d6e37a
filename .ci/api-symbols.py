#!/usr/bin/env python3
"""Every public symbol of the library products, recorded: a removal or a narrowing fails.

`swift package diagnose-api-breaking-changes` (.ci/api-check.sh) compares API dumps that include
`package` declarations (SwiftPM builds with `-package-name`), so a `public` declaration that
becomes `package` is not reported as the break it is for clients outside the package. This
check closes that gap: it lists each module's public symbols from a symbol graph extracted at
`-minimum-access-level public` (one line per symbol: module, precise identifier, kind, path)
and compares the list with the record in .ci/api/public-symbols.txt:

- a recorded symbol that is gone (removed, renamed, narrowed to package or internal) fails;
- a new public symbol is an addition: allowed, printed, and recorded with `--update` at the next
  release (the CHANGELOG lists it).

Usage:
    .ci/api-symbols.py [--build .build/debug]            # check
    .ci/api-symbols.py [--build .build/debug] --update   # rewrite the record
Needs a debug build of the products (`swift build`). Exit status 0, 1 on a removal, 2 on bad setup.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
RECORD = os.path.join(ROOT, ".ci", "api", "public-symbols.txt")
MODULES = ["HitIndex", "HitIndexReference", "HitIndexSceneFormat", "HitIndexFixtures", "HitIndexFuzz",
           "HitIndexImport", "HitIndexEvents"]


def public_symbols(build):
    modules_dir = os.path.join(build, "Modules")
    module_maps = glob.glob(os.path.join(build, "*.build", "module.modulemap"))
    flags = ["-I", modules_dir]
    for module_map in module_maps:
        flags += ["-Xcc", f"-fmodule-map-file={module_map}"]
    lines = set()
    with tempfile.TemporaryDirectory() as work:
        for module in MODULES:
            out = os.path.join(work, module)
            os.makedirs(out)
            result = subprocess.run(
                ["swift", "symbolgraph-extract", "-module-name", module, *flags,
                 "-minimum-access-level", "public", "-output-dir", out], capture_output=True, text=True)
            if result.returncode != 0:
                print(f"api-symbols: cannot extract {module}'s symbol graph (build it first):\n{result.stderr}",
                      file=sys.stderr)
                sys.exit(2)
            for path in glob.glob(os.path.join(out, "*.symbols.json")):
                graph = json.load(open(path))
                for symbol in graph["symbols"]:
                    if symbol.get("accessLevel") not in ("public", "open"):
                        continue
                    usr = symbol["identifier"]["precise"]
                    kind = symbol["kind"]["identifier"]
                    name = ".".join(symbol["pathComponents"])
                    lines.add(f"{module} {kind} {name} {usr}")
    return sorted(lines)


def main():
    parser = argparse.ArgumentParser(description="Record or check the products' public symbols.")
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()
    current = public_symbols(args.build)
    if args.update:
        os.makedirs(os.path.dirname(RECORD), exist_ok=True)
        with open(RECORD, "w") as out:
            out.write("# Public symbols of the library products (.ci/api-symbols.py --update writes it).\n")
            out.write("\n".join(current) + "\n")
        print(f"api-symbols: recorded {len(current)} public symbols of {len(MODULES)} modules")
        return 0
    if not os.path.exists(RECORD):
        print("api-symbols: no record: run with --update first", file=sys.stderr)
        return 2
    recorded = [l for l in open(RECORD).read().splitlines() if l and not l.startswith("#")]
    gone = sorted(set(recorded) - set(current))
    added = sorted(set(current) - set(recorded))
    print(f"api-symbols: {len(current)} public symbols in {len(MODULES)} modules; "
          f"{len(recorded)} recorded, {len(gone)} gone, {len(added)} added")
    for line in added:
        print(f"  + {line}")
    if gone:
        print("api-symbols: API BREAK: public symbols gone or no longer public:")
        for line in gone:
            print(f"  - {line}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
