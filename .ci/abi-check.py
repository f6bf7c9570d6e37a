#!/usr/bin/env python3
"""The C API's ABI, recorded and checked: include/hitindex.h against .ci/abi/hitindex.abi.

The C header is a contract with programs compiled against an older copy of it: a function's
parameters, a struct's size and field offsets, an enum's values and the exported symbols must
not change within one ABI version (HI_ABI_VERSION). This script writes what a compiled client
depends on as one line per fact, sorted:

    macro HI_ABI_VERSION 1u
    function hi_world_commit: hi_status (hi_world *, uint64_t *)
    struct hi_view_def: size 200 align 8
    field hi_view_def.center: hi_point at 48 size 16
    enum hi_status.HI_OK = 0
    typedef hi_predicate: _Bool (*)(void *, hi_view, double, double)
    symbol hi_world_commit

(the layout from a program that prints sizeof/offsetof as the platform's C compiler lays the
structs out, the declarations from clang's own parse of the header, and the symbols from the
built shared library), then compares it with the record:

- a recorded line that is gone or changed is an ABI break: the check fails, unless
  HI_ABI_VERSION changed too (then the record must be rewritten, and the CHANGELOG says why);
- a new line is an addition, which is compatible but must be recorded: the check fails
  until `--update` rewrites the record, so every addition is seen in review.

Usage:
    .ci/abi-check.py --library .build/release/libHitIndexC.so          # check
    .ci/abi-check.py --library .build/release/libHitIndexC.so --update # rewrite the record
Exit status: 0 when the ABI matches the record, 1 on a difference, 2 on bad setup.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
HEADER = os.path.join(ROOT, "include", "hitindex.h")
RECORD = os.path.join(ROOT, ".ci", "abi", "hitindex.abi")


def fail_setup(message):
    print(f"abi-check: {message}", file=sys.stderr)
    sys.exit(2)


def clang():
    for name in ("clang", "cc"):
        path = shutil.which(name)
        if path:
            return path
    fail_setup("a C compiler (clang) is needed")


def header_declarations():
    """The header's own functions, structs, enums, typedefs and macros, from clang's AST."""
    result = subprocess.run(
        [clang(), "-x", "c", "-std=c99", "-fsyntax-only", "-Xclang", "-ast-dump=json", HEADER],
        capture_output=True, text=True)
    if result.returncode != 0:
        fail_setup(f"clang cannot parse the header:\n{result.stderr}")
    ast = json.loads(result.stdout)
    functions, records, enums, typedefs = {}, {}, {}, {}
    for node in ast.get("inner", []):
        location = node.get("loc", {})
        # Declarations of the header itself, not of the system headers it includes.
        included = location.get("includedFrom") or location.get("expansionLoc", {}).get("includedFrom")
        if included:
            continue
        kind, name = node.get("kind"), node.get("name")
        if not name or name.startswith("__"):  # the compiler's implicit declarations
            continue
        if kind == "FunctionDecl":
            functions[name] = node["type"]["qualType"]
        elif kind == "RecordDecl" and node.get("completeDefinition"):
            records[name] = [(f["name"], f["type"]["qualType"]) for f in node.get("inner", [])
                             if f.get("kind") == "FieldDecl"]
        elif kind == "EnumDecl":
            enums[name] = [c["name"] for c in node.get("inner", []) if c.get("kind") == "EnumConstantDecl"]
        elif kind == "TypedefDecl":
            typedefs[name] = node["type"]["qualType"]
    macros = {}
    for line in open(HEADER):
        match = re.match(r"#define\s+(HI_\w+)\s+(\S+)", line)
        if match:
            macros[match.group(1)] = match.group(2)
    return functions, records, enums, typedefs, macros


def layout(records, enums):
    """Struct sizes, alignments and field offsets, and enum values, as the C compiler has them."""
    lines = ['#include <stddef.h>', '#include <stdio.h>', f'#include "{HEADER}"', "int main(void) {"]
    for name, fields in sorted(records.items()):
        lines.append(f'    printf("struct {name}: size %zu align %zu\\n", sizeof(struct {name}), '
                     f"_Alignof(struct {name}));")
        for field, _ in fields:
            lines.append(f'    printf("field {name}.{field} %zu %zu\\n", offsetof(struct {name}, {field}), '
                         f"sizeof(((struct {name} *)0)->{field}));")
    for name, constants in sorted(enums.items()):
        for constant in constants:
            lines.append(f'    printf("enum {name}.{constant} = %lld\\n", (long long){constant});')
    lines += ["    return 0;", "}"]
    with tempfile.TemporaryDirectory() as work:
        source, program = os.path.join(work, "layout.c"), os.path.join(work, "layout")
        open(source, "w").write("\n".join(lines) + "\n")
        build = subprocess.run([clang(), "-std=c11", "-o", program, source], capture_output=True, text=True)
        if build.returncode != 0:
            fail_setup(f"the layout program does not compile:\n{build.stderr}")
        run = subprocess.run([program], capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def exported_symbols(library):
    nm = shutil.which("llvm-nm") or shutil.which("nm")
    if not nm:
        fail_setup("nm is needed to read the library's symbols")
    result = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True, text=True)
    if result.returncode != 0:
        fail_setup(f"nm cannot read {library}:\n{result.stderr}")
    return sorted({parts[-1] for parts in (l.split() for l in result.stdout.splitlines())
                   if len(parts) >= 3 and parts[1] in ("T", "W") and parts[-1].startswith("hi_")})


def current_abi(library):
    functions, records, enums, typedefs, macros = header_declarations()
    facts = [f"macro {name} {value}" for name, value in macros.items() if name != "HI_EXPORT"]
    facts += [f"function {name}: {signature}" for name, signature in functions.items()]
    facts += [f"typedef {name}: {underlying}" for name, underlying in typedefs.items()
              if not underlying.startswith(("struct ", "enum "))]
    field_types = {(name, field): t for name, fields in records.items() for field, t in fields}
    for line in layout(records, enums):
        match = re.match(r"field (\w+)\.(\w+) (\d+) (\d+)$", line)
        if match:
            name, field, offset, size = match.groups()
            facts.append(f"field {name}.{field}: {field_types[(name, field)]} at {offset} size {size}")
        else:
            facts.append(line)
    declared = set(functions)
    symbols = exported_symbols(library)
    facts += [f"symbol {s}" for s in symbols]
    problems = [f"function {f} is declared but the library does not export it" for f in sorted(declared - set(symbols))]
    return sorted(set(facts)), problems


def main():
    parser = argparse.ArgumentParser(description="Record or check the C API's ABI.")
    parser.add_argument("--library", required=True, help="the built libHitIndexC shared library")
    parser.add_argument("--update", action="store_true", help="rewrite the record from the current ABI")
    args = parser.parse_args()
    if not os.path.exists(args.library):
        fail_setup(f"no library at {args.library}: build it first (swift build -c release)")
    facts, problems = current_abi(args.library)
    if problems:
        for p in problems:
            print(f"abi-check: {p}")
        return 1
    if args.update:
        os.makedirs(os.path.dirname(RECORD), exist_ok=True)
        with open(RECORD, "w") as out:
            out.write("# The C API's ABI as compiled clients see it (.ci/abi-check.py --update writes it).\n")
            out.write("\n".join(facts) + "\n")
        print(f"abi-check: recorded {len(facts)} facts in {os.path.relpath(RECORD, ROOT)}")
        return 0
    if not os.path.exists(RECORD):
        fail_setup(f"no record at {os.path.relpath(RECORD, ROOT)}: run with --update first")
    recorded = [l for l in open(RECORD).read().splitlines() if l and not l.startswith("#")]
    removed = sorted(set(recorded) - set(facts))
    added = sorted(set(facts) - set(recorded))
    version = lambda lines: next((l for l in lines if l.startswith("macro HI_ABI_VERSION ")), None)
    print(f"abi-check: {len(facts)} facts ({sum(l.startswith('function') for l in facts)} functions, "
          f"{sum(l.startswith('struct') for l in facts)} structs, {sum(l.startswith('enum') for l in facts)} "
          f"enum values, {sum(l.startswith('symbol') for l in facts)} exported symbols)")
    if not removed and not added:
        print("abi-check: ok, the ABI matches the record")
        return 0
    if removed:
        bumped = version(recorded) != version(facts)
        print("abi-check: ABI BREAK: recorded facts gone or changed" + (
            " (HI_ABI_VERSION changed: rewrite the record with --update and say why in the CHANGELOG)"
            if bumped else " without a new HI_ABI_VERSION:"))
        for line in removed:
            print(f"  - {line}")
    if added:
        print("abi-check: additions not yet recorded (compatible; record them with --update and in the CHANGELOG):")
        for line in added:
            print(f"  + {line}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
