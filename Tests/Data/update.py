#!/usr/bin/env python3
"""Regenerates the project-written data of Tests/Data and checks that every file has a SOURCE.md line.

Usage: python3 Tests/Data/update.py [--from DIR]

- Runs rico-hitindex/screens.py, which rewrites the eight RICO-format screens the project wrote.
- With --from DIR: first copies the third-party dumps byte for byte from DIR, one folder per
  source as here (DIR/ios-recursivedescription/*, DIR/android-uiautomator/*), so that a dump
  re-fetched from its repository replaces the copy here unchanged.
- Checks that each folder's SOURCE.md names every other file of the folder: a file without its
  origin and licence stated is an error (exit status 1).

Only Python's standard library is used; progress on stderr.
"""

import runpy
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COPIED = ["ios-recursivedescription", "android-uiautomator"]
WRITTEN = "rico-hitindex"


def copy_from(source):
    for folder in COPIED:
        src = source / folder
        if not src.is_dir():
            sys.exit(f"{src}: no such folder")
        files = sorted(f for f in src.iterdir() if f.is_file())
        for f in files:
            shutil.copyfile(f, HERE / folder / f.name)
        print(f"{folder}: copied {len(files)} files", file=sys.stderr)


def check_sources():
    missing = []
    for folder in sorted(p for p in HERE.iterdir() if p.is_dir()):
        source = folder / "SOURCE.md"
        if not source.exists():
            missing.append(f"{folder.name}/SOURCE.md")
            continue
        text = source.read_text(encoding="utf-8")
        for f in sorted(folder.iterdir()):
            if f.is_file() and f.name != "SOURCE.md" and f"`{f.name}`" not in text:
                missing.append(f"{folder.name}/{f.name}")
    return missing


def main():
    args = sys.argv[1:]
    if args[:1] == ["--from"] and len(args) == 2:
        copy_from(Path(args[1]))
    elif args:
        sys.exit(__doc__.split("\n\n")[1])
    runpy.run_path(str(HERE / WRITTEN / "screens.py"), run_name="__main__")
    missing = check_sources()
    if missing:
        sys.exit("not named in their folder's SOURCE.md: " + ", ".join(missing))
    print("every file is named in its folder's SOURCE.md", file=sys.stderr)


if __name__ == "__main__":
    main()
