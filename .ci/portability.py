#!/usr/bin/env python3
"""The portability check: what this Linux machine can prove about Apple platforms and Musl.

No macOS, iOS or Musl Swift SDK runs here, so the package cannot be compiled for them. What can
be checked is every name the package's code uses from outside itself, read from the index store
that a debug build writes (`.build/debug/index/store`), through the toolchain's libIndexStore:

1. Apple availability. Every Swift symbol the code references from the toolchain's modules
   (the standard library, _Concurrency, Dispatch, Foundation, ...) is looked up in those modules'
   symbol graphs (`swift-symbolgraph-extract`), which keep each declaration's Apple availability
   even on Linux. A symbol introduced after the `platforms:` that Package.swift declares fails the
   check, with the file and line that uses it. (Members inherit their types' availability.)
2. The C library. Every C name the Swift and C code uses (functions, macros, types) is compiled
   against Musl's headers (`musl-gcc`, from Debian's musl-tools) in strict POSIX mode
   (`_XOPEN_SOURCE=700`, no GNU or BSD extensions), so it exists on Musl and is POSIX, which Apple
   platforms implement. Names outside POSIX must be in `EXTENSIONS` below (with the platforms that
   have them) or be used only inside an `#if os(Linux)` region of its file.
3. Conditional imports. Every `#if canImport(Glibc)` chain also has a Musl and a Darwin branch,
   and an `#else` that stops with an `#error`, so no platform silently compiles without its C
   library.
4. The C sources' other branch. Every C file of the package compiles with `musl-gcc
   -fsyntax-only -Wall -Werror`: the malloc counter's non-glibc branch is compiled there.

Usage: .ci/portability.py [--store PATH] [--verbose]
Exit status 0 when every check passes, 1 with a list of findings otherwise, 2 on bad setup.
"""

import argparse
import ctypes
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# C names outside strict POSIX that the package may use anywhere, with why that is portable.
EXTENSIONS = {
    "MAP_ANONYMOUS": "Linux, Musl and every Apple platform (POSIX since 2024)",
    "flock": "BSD: Linux, Musl and every Apple platform",
    "LOCK_EX": "BSD flock: Linux, Musl and every Apple platform",
    "LOCK_UN": "BSD flock: Linux, Musl and every Apple platform",
    "madvise": "BSD: Linux, Musl and every Apple platform (POSIX has posix_madvise)",
    "getrusage": "POSIX's XSI option: Linux, Musl and every Apple platform",
    "rusage": "POSIX's XSI option (getrusage's result): Linux, Musl and every Apple platform",
    "rusage@ru_maxrss": "BSD field of rusage: Linux, Musl and every Apple platform (kilobytes; bytes on Apple)",
    "RUSAGE_SELF": "POSIX's XSI option: Linux, Musl and every Apple platform",
}
# Toolchain symbols a newer compiler picks where it may and an older deployment target does
# without: this index, built for Linux where everything is available, cannot tell them apart.
LOWERED_BY_COMPILER = {
    # `for await` calls next(isolation:) where available and next() before it (SE-0421).
    "s:ScG8IteratorV4next9isolationxSgScA_pSgYi_tYaF":
        "for-await over a task group calls next() below macOS 15 / iOS 18 (SE-0421)",
    "s:ScI4next9isolation7ElementQzSgScA_pSgYi_tYa7FailureQzYKF":
        "for-await calls next() below macOS 15 / iOS 18 (SE-0421)",
    # Swift 6 made `&*` a FixedWidthInteger requirement (macOS 15) with a default implementation
    # that every earlier deployment target uses: every `&*` on an integer resolves to it here.
    "s:s17FixedWidthIntegerP2amoiyxx_xtFZ": "`&*` builds for every deployment target (default implementation)",
}
# Names that exist only on Linux: allowed only inside `#if os(Linux)`.
LINUX_ONLY = {"MADV_HUGEPAGE", "malloc_usable_size", "sched_getaffinity", "mallinfo2", "mremap"}
# Names the toolchain's modules define for Swift that are not C library names.
NOT_LIBC = {"errno"}
# The toolchain modules whose symbols are checked for Apple availability.
SDK_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "Synchronization", "Dispatch",
    "Foundation", "FoundationEssentials", "FoundationInternationalization",
]
APPLE_DOMAINS = {"macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}
HEADERS = [
    "errno.h", "fcntl.h", "math.h", "pthread.h", "sched.h", "signal.h", "stdint.h", "stdio.h",
    "stdlib.h", "string.h", "sys/file.h", "sys/mman.h", "sys/stat.h", "time.h", "unistd.h",
]


def fail_setup(message):
    print(f"portability: {message}", file=sys.stderr)
    sys.exit(2)


def declared_platforms():
    """{'macOS': (13, 0), ...} from Package.swift's `platforms:`."""
    text = open(os.path.join(ROOT, "Package.swift")).read()
    match = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    if not match:
        fail_setup("Package.swift declares no platforms")
    found = {}
    for name, version in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+(?:_\d+)?)\)", match.group(1)):
        parts = [int(p) for p in version.split("_")] + [0]
        found[name] = (parts[0], parts[1])
    return found


# -- The index store ---------------------------------------------------------------------------

class IndexStore:
    """The few libIndexStore calls the check needs (its C API, through ctypes)."""

    class Str(ctypes.Structure):
        _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def __init__(self, path):
        toolchain = os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swift") or "")))
        library = os.path.join(toolchain, "lib", "libIndexStore.so")
        if not os.path.exists(library):
            fail_setup(f"no libIndexStore at {library}")
        lib = ctypes.CDLL(library)
        V, S = ctypes.c_void_p, IndexStore.Str
        self.applier = ctypes.CFUNCTYPE(ctypes.c_bool, V, V)
        self.name_applier = ctypes.CFUNCTYPE(ctypes.c_bool, V, S)
        sigs = {
            "indexstore_store_create": (V, [ctypes.c_char_p, ctypes.POINTER(V)]),
            "indexstore_store_units_apply_f": (ctypes.c_bool, [V, ctypes.c_uint, V, self.name_applier]),
            "indexstore_unit_reader_create": (V, [V, ctypes.c_char_p, ctypes.POINTER(V)]),
            "indexstore_unit_reader_dispose": (None, [V]),
            "indexstore_unit_reader_get_main_file": (S, [V]),
            "indexstore_unit_reader_get_module_name": (S, [V]),
            "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [V, V, self.applier]),
            "indexstore_unit_dependency_get_kind": (ctypes.c_int, [V]),
            "indexstore_unit_dependency_get_name": (S, [V]),
            "indexstore_record_reader_create": (V, [V, ctypes.c_char_p, ctypes.POINTER(V)]),
            "indexstore_record_reader_dispose": (None, [V]),
            "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [V, V, self.applier]),
            "indexstore_occurrence_get_symbol": (V, [V]),
            "indexstore_occurrence_get_roles": (ctypes.c_uint64, [V]),
            "indexstore_occurrence_get_line_col": (None, [V, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
            "indexstore_symbol_get_usr": (S, [V]),
            "indexstore_symbol_get_name": (S, [V]),
            "indexstore_symbol_get_language": (ctypes.c_int, [V]),
        }
        for name, (restype, argtypes) in sigs.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = restype, argtypes
        self.lib = lib
        error = V()
        self.store = lib.indexstore_store_create(path.encode(), ctypes.byref(error))
        if not self.store:
            fail_setup(f"cannot open the index store at {path}")

    @staticmethod
    def text(ref):
        return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""

    def references(self, keep_file):
        """(language, usr, name, file, line) of every reference in the units whose main file
        `keep_file` accepts."""
        lib, error = self.lib, ctypes.c_void_p()
        units = []
        lib.indexstore_store_units_apply_f(
            self.store, 0, None, self.name_applier(lambda _, name: units.append(self.text(name)) or True))
        seen_records = set()
        out = []
        for unit in units:
            reader = lib.indexstore_unit_reader_create(self.store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            main = self.text(lib.indexstore_unit_reader_get_main_file(reader))
            records = []

            def dependency(_, dep):
                if lib.indexstore_unit_dependency_get_kind(dep) == 2:  # a record
                    records.append(self.text(lib.indexstore_unit_dependency_get_name(dep)))
                return True

            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self.applier(dependency))
            lib.indexstore_unit_reader_dispose(reader)
            if not keep_file(main):
                continue
            for record in records:
                if record in seen_records:
                    continue
                seen_records.add(record)
                rreader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
                if not rreader:
                    continue

                def occurrence(_, occ):
                    roles = lib.indexstore_occurrence_get_roles(occ)
                    if roles & 0x4 and not roles & 0x3:  # a reference, not a declaration
                        symbol = lib.indexstore_occurrence_get_symbol(occ)
                        line, col = ctypes.c_uint(), ctypes.c_uint()
                        lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(col))
                        out.append((
                            lib.indexstore_symbol_get_language(symbol),
                            self.text(lib.indexstore_symbol_get_usr(symbol)),
                            self.text(lib.indexstore_symbol_get_name(symbol)),
                            main, line.value))
                    return True

                lib.indexstore_record_reader_occurrences_apply_f(rreader, None, self.applier(occurrence))
                lib.indexstore_record_reader_dispose(rreader)
        return out


# -- Apple availability ------------------------------------------------------------------------

def sdk_availability(workdir):
    """USR -> {domain: (major, minor)}, each symbol's own availability joined with its parents'."""
    own, parent = {}, {}
    for module in SDK_MODULES:
        result = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
             "-minimum-access-level", "public", "-output-dir", workdir],
            capture_output=True, text=True)
        if result.returncode != 0:
            fail_setup(f"swift-symbolgraph-extract {module} failed:\n{result.stderr}")
    for path in glob.glob(os.path.join(workdir, "*.symbols.json")):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            floors = {}
            for entry in symbol.get("availability", []):
                domain = APPLE_DOMAINS.get(entry.get("domain"))
                if domain and "introduced" in entry:
                    v = entry["introduced"]
                    floors[domain] = (v.get("major", 0), v.get("minor", 0))
            own[usr] = floors
        for rel in graph["relationships"]:
            if rel["kind"] in ("memberOf", "optionalMemberOf"):
                parent.setdefault(rel["source"], rel["target"])
    effective = {}

    def resolve(usr, depth=0):
        if usr in effective:
            return effective[usr]
        floors = dict(own.get(usr, {}))
        up = parent.get(usr)
        if up and depth < 20:
            for domain, version in resolve(up, depth + 1).items():
                floors[domain] = max(floors.get(domain, (0, 0)), version)
        effective[usr] = floors
        return floors

    for usr in own:
        resolve(usr)
    return effective


def property_usr(usr):
    """The symbol-graph USR of an accessor's property or subscript (`…vg` -> `…vp`)."""
    match = re.match(r"^(.*)(v|i)(g|s|M|r|x|w|W|l|a|b|p|G)(Z?)$", usr)
    if match and match.group(3) != "p":
        return f"{match.group(1)}{match.group(2)}p{match.group(4)}"
    return usr


# -- The C library -----------------------------------------------------------------------------

def own_c_names():
    """Identifiers declared by the package's own C headers (the C API, atomics, malloc counter)."""
    names = set()
    for header in glob.glob(os.path.join(ROOT, "**", "*.h"), recursive=True):
        if "/.build" in header:
            continue
        names.update(re.findall(r"\b((?:hi|hix|hib|HI|HIX|HIB)_\w+)", open(header).read()))
    return names


def c_name(usr, name):
    """(kind, C name) of a C symbol's USR, or None for a Swift symbol."""
    if "@FI@" in usr:  # a field: the struct it belongs to is what the platform must have
        usr = usr.split("@FI@")[0]
    if usr.startswith("c:@F@"):
        return ("function", usr[5:])
    if usr.startswith("c:@macro@") or re.match(r"^c:.*@macro@", usr):
        return ("value", usr.rsplit("@", 1)[1])
    match = re.match(r"^s:SC\d+(\w+?)s\d", usr)  # an imported macro or constant's getter
    if match:
        return ("value", name.split(":", 1)[-1])
    match = re.match(r"^s:So(\d+)", usr)  # an imported C type or one of its members
    if match:
        length = int(match.group(1))
        start = match.end()
        type_name = usr[start:start + length]
        return ("type", type_name)
    if usr.startswith("c:@S@"):
        return ("struct", usr[5:])
    if usr.startswith("c:@T@"):
        return ("type", usr[5:])
    return None


def linux_regions(path):
    """Line ranges (1-based, inclusive) inside `#if os(Linux)` blocks of a source file."""
    regions, stack = [], []
    try:
        lines = open(path).read().split("\n")
    except OSError:
        return regions
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            linux = ("os(Linux)" in stripped or "defined(__GLIBC__)" in stripped) and "!" not in stripped
            stack.append((number, linux))
        elif stripped.startswith("#elseif") or stripped.startswith("#else") or stripped.startswith("#endif"):
            if stack:
                start, linux = stack.pop()
                if linux:
                    regions.append((start, number))
            if not stripped.startswith("#endif"):
                stack.append((number, False))
    return regions


def compiles_on_musl(kind, name, musl):
    """Whether `name` compiles in strict POSIX mode against Musl's headers."""
    use = {
        "function": f"(void)&{name};",
        "value": f"(void)({name});",
        "type": f"(void)sizeof({name});",
        "struct": f"(void)sizeof(struct {name});",
    }[kind]
    if kind == "type":
        # An imported C struct is named without `struct` in Swift: accept either spelling.
        use = f"(void)sizeof({name});"
    source = "#define _XOPEN_SOURCE 700\n" + "".join(f"#include <{h}>\n" for h in HEADERS)
    source += f"void probe(void) {{ {use} }}\n"
    result = subprocess.run([musl, "-x", "c", "-std=c11", "-fsyntax-only", "-"], input=source,
                            capture_output=True, text=True)
    if result.returncode != 0 and kind == "type":
        source = source.replace(use, f"(void)sizeof(struct {name});")
        result = subprocess.run([musl, "-x", "c", "-std=c11", "-fsyntax-only", "-"], input=source,
                                capture_output=True, text=True)
    return result.returncode == 0


# -- Conditional imports and the C sources -----------------------------------------------------

def import_chains():
    """Findings for `#if canImport(Glibc)` chains without a Musl, Darwin or #error branch."""
    findings = []
    for path in sorted(glob.glob(os.path.join(ROOT, "*", "**", "*.swift"), recursive=True)):
        if "/.build" in path:
            continue
        text = open(path).read()
        for match in re.finditer(r"#if canImport\(Glibc\)(.*?)#endif", text, re.S):
            chain = match.group(1)
            missing = [b for b in ("canImport(Musl)", "canImport(Darwin)", "#error") if b not in chain]
            if missing:
                line = text[:match.start()].count("\n") + 1
                findings.append(f"{os.path.relpath(path, ROOT)}:{line}: the C library import has no "
                                + ", ".join(missing))
    return findings


def c_sources_on_musl(musl):
    findings = []
    sources = [p for p in glob.glob(os.path.join(ROOT, "**", "*.c"), recursive=True) if "/.build" not in p]
    for path in sorted(sources):
        relative = os.path.relpath(path, ROOT)
        includes = ["-I", os.path.join(ROOT, "include")]
        includes += ["-I", os.path.join(os.path.dirname(path), "include")]
        result = subprocess.run([musl, "-std=gnu11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", *includes, path],
                                capture_output=True, text=True)
        if result.returncode != 0:
            findings.append(f"{relative}: does not compile against Musl:\n{result.stderr.strip()}")
    return findings, len(sources)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", default=os.path.join(ROOT, ".build", "debug", "index", "store"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(args.store):
        fail_setup(f"no index store at {args.store}: run `swift build --build-tests` first")
    musl = shutil.which("musl-gcc")
    if not musl:
        fail_setup("musl-gcc is needed (Debian: apt-get install musl-tools musl-dev)")
    platforms = declared_platforms()
    findings = []

    roots = tuple(os.path.join(ROOT, d) + os.sep for d in ("Sources", "Benchmarks", "Tests"))
    references = IndexStore(args.store).references(lambda main: main.startswith(roots))
    if not references:
        fail_setup("the index store has no references from Sources, Benchmarks or Tests")

    # 1. Apple availability.
    with tempfile.TemporaryDirectory() as workdir:
        availability = sdk_availability(workdir)
    checked, too_new = set(), {}
    for language, usr, name, path, line in references:
        if language != 100 or usr in checked or usr in LOWERED_BY_COMPILER:
            continue
        floors = availability.get(usr) or availability.get(property_usr(usr))
        if floors is None:
            continue
        checked.add(usr)
        for domain, version in floors.items():
            declared = platforms.get(domain)
            if declared is not None and version > declared:
                too_new.setdefault(usr, (name, path, line, []))[3].append(
                    f"{domain} {version[0]}.{version[1]} > {declared[0]}.{declared[1]}")
    for usr, (name, path, line, why) in sorted(too_new.items(), key=lambda kv: (kv[1][1], kv[1][2])):
        findings.append(f"{os.path.relpath(path, ROOT)}:{line}: {name} needs {', '.join(why)}"
                        + (f" ({usr})" if args.verbose else ""))

    # 2. The C library.
    own = own_c_names()
    uses = defaultdict(list)
    for language, usr, name, path, line in references:
        named = c_name(usr, name)
        if named and named[1] not in own and named[1] not in NOT_LIBC and not named[1].startswith("__"):
            uses[named].append((path, line))
    c_checked = 0
    for (kind, name), places in sorted(uses.items()):
        c_checked += 1
        if all(any(a <= line <= b for a, b in linux_regions(path)) for path, line in places):
            continue  # used only where the code is built for Linux (or glibc) alone
        if name in LINUX_ONLY:
            for path, line in places:
                if not any(a <= line <= b for a, b in linux_regions(path)):
                    findings.append(f"{os.path.relpath(path, ROOT)}:{line}: {name} exists only on Linux "
                                    "and is not inside #if os(Linux)")
            continue
        if name in EXTENSIONS:
            continue
        if not compiles_on_musl(kind, name, musl):
            path, line = places[0]
            findings.append(f"{os.path.relpath(path, ROOT)}:{line}: {name} ({kind}) is not in strict POSIX "
                            "on Musl (add it to EXTENSIONS with the platforms that have it, or guard it)")

    # 3 and 4.
    findings += import_chains()
    c_findings, c_files = c_sources_on_musl(musl)
    findings += c_findings

    print(f"portability: platforms {', '.join(f'{k} {v[0]}.{v[1]}' for k, v in platforms.items())}")
    print(f"portability: {len(checked)} toolchain symbols checked against Apple availability, "
          f"{c_checked} C library names against Musl in strict POSIX, {c_files} C files compiled for Musl")
    if args.verbose:
        for (kind, name) in sorted(uses):
            print(f"  C {kind} {name}")
    if findings:
        print(f"portability: {len(findings)} finding(s):")
        for finding in findings:
            print("  " + finding)
        return 1
    print("portability: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
