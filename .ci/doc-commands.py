#!/usr/bin/env python3
"""Run the shell commands the documentation shows, and check what they print.

The convention (docs/testing.md, "Commands in the documentation"):

- A fenced code block whose info string is `console` is a transcript that this script runs.
  Every line that starts with `$ ` is a command; a command whose line ends in a backslash goes
  on over the next line. The lines after a command, up to the next `$ ` line or the end of the
  block, are what it must print: its standard output, then its standard error. A command with
  no lines after it must print nothing.
- A line that is only `…` (or `...`) in the expected output stands for any number of lines,
  none included: `…` as the last line checks only the lines before it.
- A command must exit with status 0, unless its output is followed by the command `echo $?`,
  whose one line of output is then the status the command must exit with.
- Code blocks with any other info string (`sh`, none, ...) are not run. Commands that cannot
  run here (builds, installing packages, a browser, a benchmark of minutes, output that changes
  from run to run) go in those; the script reports, per file, the blocks it skipped that hold
  shell commands (an info string `sh`, `bash` or `shell`, or none and a line starting with
  `$ `).

Every command runs with bash from the repository root, as written, except that:

- `hitindex` and `hitindex-bench` are the binaries given with --hitindex and --bench (a
  directory holding them comes first on PATH), and `swift run hitindex`, `swift run -c
  release hitindex`, `.build/release/hitindex` and the same for `hitindex-bench` mean those
  binaries too;
- the working directory is a scratch copy of the root: a symlink to each top-level entry of
  the repository, with its own `.build/` whose `release` (and `debug`) is the directory of the
  binaries under test (--build-dir, by default the directory holding --hitindex), so that
  `.build/release/libHitIndexC.so` is the library built with them. Files a command writes
  (`> .build/scrim.json`, `-o .build/rows`) land in the scratch directory and are deleted at the
  end. The commands of one markdown file share one scratch directory, in order, so a block can
  read what an earlier block of the same file wrote.

Usage:
    .ci/doc-commands.py --hitindex .build/release/hitindex [--bench PATH] [FILE.md ...]
    .ci/doc-commands.py --list [FILE.md ...]

Exit status: 0 when every command passed, 1 when one failed (each failure is reported with its
file, line, command and a unified diff of the output), 2 for bad usage.
"""

import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The markdown files scanned when none are named, relative to the root.
DEFAULT_FILES = [
    "README.md",
    "docs/*.md",
    "perf/README.md",
    "Benchmarks/README.md",
    "Examples/**/*.md",
    "Tests/Data/README.md",
    "Tests/Fuzz/README.md",
]

RUN_INFO = "console"
SHELL_INFOS = {"sh", "bash", "shell", "zsh"}
ELLIPSIS = {"…", "..."}
STATUS_COMMAND = "echo $?"
FENCE = re.compile(r"^(\s*)(```+)\s*([^`\s]*)")
# `swift run [-c release] hitindex` and `.build/release/hitindex` (likewise `hitindex-bench`).
BINARY = re.compile(r"(?:\bswift run (?:-c (?:release|debug) )?"
                    r"|(?<![\w/.])(?:\./)?\.build/(?:release|debug)/)"
                    r"(hitindex(?:-bench)?)\b")


class Command:
    """One `$ ` command of a runnable block, with the output the doc shows after it."""

    def __init__(self, path, line, text):
        self.path = path
        self.line = line  # 1-based line of the `$ ` in the markdown file
        self.text = text
        self.expected = []
        self.expected_status = 0  # set from a following `echo $?`


class Block:
    """A fenced code block: its info string (the first word after the fence) and its lines."""

    def __init__(self, path, line, info, lines):
        self.path = path
        self.line = line  # 1-based line of the opening fence
        self.info = info
        self.lines = lines

    @property
    def runnable(self):
        return self.info == RUN_INFO

    @property
    def holds_commands(self):
        if self.info in SHELL_INFOS:
            return True
        return self.info == "" and any(line.startswith("$ ") for line in self.lines)

    def commands(self):
        """The block's commands; each `echo $?` is folded into the command before it."""
        commands = []
        i = 0
        while i < len(self.lines):
            line = self.lines[i]
            if not line.startswith("$ "):
                if not commands:
                    raise SyntaxError(f"{self.path}:{self.line + 1 + i}: output before any command")
                commands[-1].expected.append(line.rstrip())
                i += 1
                continue
            start = i
            text = line[2:]
            while text.endswith("\\") and i + 1 < len(self.lines):
                i += 1
                text += "\n" + self.lines[i]
            i += 1
            if text.strip() == STATUS_COMMAND:
                where = f"{self.path}:{self.line + 1 + start}"
                if not commands:
                    raise SyntaxError(f"{where}: `echo $?` with no command before it")
                status = []
                while i < len(self.lines) and not self.lines[i].startswith("$ "):
                    status.append(self.lines[i])
                    i += 1
                if len(status) != 1 or not status[0].strip().isdigit():
                    raise SyntaxError(f"{where}: `echo $?` must be followed by one status line")
                commands[-1].expected_status = int(status[0])
                continue
            commands.append(Command(self.path, self.line + 1 + start, text))
        return commands


def read_blocks(path):
    """The fenced code blocks of a markdown file, with the fence's indentation removed."""
    blocks = []
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence, info = len(match.group(1)), match.group(2), match.group(3).lower()
        start = i
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != fence:
            line = lines[i]
            body.append(line[indent:] if line[:indent].strip() == "" else line)
            i += 1
        blocks.append(Block(path, start + 1, info, body))
        i += 1
    return blocks


def markdown_files(names):
    if names:
        return [os.path.relpath(os.path.abspath(n), ROOT) for n in names]
    found = []
    for pattern in DEFAULT_FILES:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            rel = os.path.relpath(path, ROOT)
            if rel not in found:
                found.append(rel)
    return found


def matches(expected, actual):
    """Whether the actual lines match the expected ones, `…` lines standing for any lines."""
    segments = [[]]
    for line in expected:
        if line in ELLIPSIS:
            segments.append([])
        else:
            segments[-1].append(line)
    if len(segments) == 1:
        return expected == actual
    first, middle, last = segments[0], segments[1:-1], segments[-1]
    if actual[:len(first)] != first or len(actual) < len(first) + len(last):
        return False
    if last and actual[len(actual) - len(last):] != last:
        return False
    # Each stretch between two `…` lines is found in order, as early as it occurs.
    at, end = len(first), len(actual) - len(last)
    for segment in middle:
        while at + len(segment) <= end and actual[at:at + len(segment)] != segment:
            at += 1
        if at + len(segment) > end:
            return False
        at += len(segment)
    return True


def make_scratch(build_dir):
    """A directory that looks like the repository root, with .build/release = build_dir."""
    scratch = tempfile.mkdtemp(prefix="hitindex-doc-commands.")
    for name in os.listdir(ROOT):
        if name in (".build", ".git") or name.startswith(".build-"):
            continue
        os.symlink(os.path.join(ROOT, name), os.path.join(scratch, name))
    os.mkdir(os.path.join(scratch, ".build"))
    for config in ("release", "debug"):
        os.symlink(build_dir, os.path.join(scratch, ".build", config))
    return scratch


def run(command, scratch, env, timeout):
    """The command's exit status (None on a timeout) and its output lines, stdout then stderr."""
    text = BINARY.sub(r"\1", command.text)
    try:
        done = subprocess.run(["bash", "-c", text], cwd=scratch, env=env, capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, [f"(timed out after {timeout} s)"]
    output = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    lines = output.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return done.returncode, [l.rstrip() for l in lines]


def report_failure(command, why, expected, actual):
    lines = [f"FAIL {command.path}:{command.line}: $ {command.text}", f"  {why}"]
    diff = difflib.unified_diff(expected, actual, f"{command.path}:{command.line + 1} (the doc)",
                                "the command's output", lineterm="")
    lines += ["  " + line for line in diff]
    sys.stdout.flush()
    print("\n".join(lines), file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="markdown files (default: the documentation)")
    parser.add_argument("--hitindex", help="the hitindex binary that `hitindex` runs")
    parser.add_argument("--bench", help="the hitindex-bench binary that `hitindex-bench` runs")
    parser.add_argument("--build-dir",
                        help="what .build/release is in a command (default: --hitindex's directory)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per command (300)")
    parser.add_argument("--list", action="store_true", help="show what would run, run nothing")
    args = parser.parse_args()

    files = markdown_files(args.files)
    plan = []  # (file, runnable blocks, skipped blocks with commands)
    try:
        for path in files:
            blocks = read_blocks(path)
            runnable = [(b, b.commands()) for b in blocks if b.runnable]
            skipped = [b for b in blocks if not b.runnable and b.holds_commands]
            plan.append((path, runnable, skipped))
    except (OSError, SyntaxError) as error:
        print(f"doc-commands: {error}", file=sys.stderr)
        return 2

    if args.list:
        for path, runnable, skipped in plan:
            for block, commands in runnable:
                for c in commands:
                    checks = f"{len(c.expected)} output lines" if c.expected else "no output"
                    status = f", exit {c.expected_status}" if c.expected_status else ""
                    print(f"{path}:{c.line}: $ {c.text}    [{checks}{status}]")
            if skipped:
                print(f"{path}: not run: blocks at lines {', '.join(str(b.line) for b in skipped)}")
        return 0

    commands = [c for _, runnable, _ in plan for _, cs in runnable for c in cs]
    uses_bench = any("hitindex-bench" in c.text for c in commands)
    if not args.hitindex or (uses_bench and not args.bench):
        parser.error("--hitindex is required" +
                     (", and --bench (a marked command runs hitindex-bench)" if uses_bench else ""))
    binaries = {"hitindex": args.hitindex, "hitindex-bench": args.bench}
    for binary in binaries.values():
        if binary and not os.access(binary, os.X_OK):
            parser.error(f"{binary} is not an executable")
    bin_dir = tempfile.mkdtemp(prefix="hitindex-doc-bin.")
    for name, binary in binaries.items():
        if binary:
            os.symlink(os.path.abspath(binary), os.path.join(bin_dir, name))
    build_dir = os.path.abspath(args.build_dir or os.path.dirname(args.hitindex))
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C")

    failures = 0
    try:
        for path, runnable, skipped in plan:
            failures += run_file(path, runnable, skipped, build_dir, env, args.timeout)
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)
    print(f"doc-commands: {len(commands)} commands, {failures} failed")
    return 1 if failures else 0


def run_file(path, runnable, skipped, build_dir, env, timeout):
    """Runs one markdown file's commands in order in a fresh scratch directory; the failures."""
    failures = 0
    scratch = make_scratch(build_dir)
    try:
        for _, commands in runnable:
            for command in commands:
                status, actual = run(command, scratch, env, timeout)
                if status != command.expected_status:
                    got = "a timeout" if status is None else status
                    why = f"expected exit status {command.expected_status}, got {got}"
                elif not matches(command.expected, actual):
                    why = "output differs"
                else:
                    continue
                report_failure(command, why, command.expected, actual)
                failures += 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    ran = sum(len(commands) for _, commands in runnable)
    where = f" (lines {', '.join(str(b.line) for b in skipped)})" if skipped else ""
    print(f"{path}: ran {ran} commands in {len(runnable)} blocks; "
          f"skipped {len(skipped)} blocks with commands{where}", flush=True)
    return failures


if __name__ == "__main__":
    sys.exit(main())
