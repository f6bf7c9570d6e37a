#!/usr/bin/env python3
"""Regenerates Tests/Data from the original real-data dumps.

Usage: python3 Tests/Data/update.py ORIGINALS_DIR

ORIGINALS_DIR holds the dumps as captured, one folder per source, each with its SOURCE.md:
  rico-kim-sanghoon/*.json          RICO raw view hierarchies (102 screens, 21 MB pretty-printed)
  ios-recursivedescription/*        recursiveDescription dumps and the files they were cut from
  android-uiautomator/*.xml         uiautomator dumps

The iOS and uiautomator folders are copied byte for byte. Each RICO screen is reduced to what
HitIndex reads (the importer, the tests and the benchmark's `rico` shape): per node `class`,
`bounds`, `rel-bounds`, `visibility`, `visible-to-user`, `enabled`, `clickable`, `long-clickable`,
`scrollable-horizontal`, `scrollable-vertical` (the last four for `--android-dispatch`) and `children`,
under the file's `activity_name` and `activity.root`. Values, node order and child order are
unchanged; every node is written on its own line, indented by its depth, so the files stay
readable and diffable. The result is still RICO JSON (the same keys with the same meaning), so
`hitindex import --from rico` reads a reduced file exactly as it reads the original: the same
views, frames, ids and warnings.

Only Python's standard library is used. The script checks what it writes: each reduced file
parses back to the original's kept keys, and the node count is the original's.
"""

import json
import shutil
import sys
from pathlib import Path

NODE_KEYS = [
    "class", "bounds", "rel-bounds", "visibility", "visible-to-user", "enabled", "clickable", "long-clickable",
    "scrollable-horizontal", "scrollable-vertical",
]
COPIED = {"ios-recursivedescription": None, "android-uiautomator": None}
RICO = "rico-kim-sanghoon"


def dump(value):
    return json.dumps(value, ensure_ascii=False)


def write_node(node, depth, out):
    """Appends one node (and, iteratively, its subtree) to `out`, one node per line."""
    # An explicit stack: RICO trees are shallow (depth 22 in the sample) but nothing relies on it.
    stack = [("node", node, depth)]
    while stack:
        kind, item, level = stack.pop()
        if kind == "text":
            out.append(item)
            continue
        fields = [f"{dump(k)}: {dump(item[k])}" for k in NODE_KEYS if k in item]
        pad = "  " * level
        children = item.get("children")
        if children is None:
            stack.append(("text", pad + "{" + ", ".join(fields) + "}", 0))
            continue
        # Pushed in reverse: the closing bracket last, the first child first.
        stack.append(("text", pad + "]}", 0))
        for i in reversed(range(len(children))):
            if i < len(children) - 1:
                stack.append(("text", ",", 0))
            stack.append(("node", children[i], level + 1))
        stack.append(("text", pad + "{" + ", ".join(fields + ['"children": [']), 0))


def reduce_rico(text):
    original = json.loads(text)
    root = original["activity"]["root"]
    parts = []
    write_node(root, 1, parts)
    # Join: a "," item belongs to the end of the line before it.
    lines = []
    for p in parts:
        if p == ",":
            lines[-1] += ","
        else:
            lines.append(p)
    head = "{" + f'"activity_name": {dump(original.get("activity_name", ""))}, "activity": {{"root":'
    return original, head + "\n" + "\n".join(lines) + "\n}}\n"


def kept(node):
    """The original node restricted to the kept keys (what the reduced file must parse back to)."""
    result = {k: node[k] for k in NODE_KEYS if k in node}
    if "children" in node:
        result["children"] = [kept(c) for c in node["children"]]
    return result


def count(node):
    total, stack = 0, [node]
    while stack:
        n = stack.pop()
        total += 1
        stack.extend(n.get("children", []))
    return total


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    source = Path(sys.argv[1])
    target = Path(__file__).resolve().parent
    for folder in COPIED:
        (target / folder).mkdir(exist_ok=True)
        for f in sorted((source / folder).iterdir()):
            shutil.copyfile(f, target / folder / f.name)
        print(f"{folder}: copied {len(list((source / folder).iterdir()))} files", file=sys.stderr)
    (target / RICO).mkdir(exist_ok=True)
    shutil.copyfile(source / RICO / "SOURCE.md", target / RICO / "SOURCE.md")
    files = sorted((source / RICO).glob("*.json"))
    before = after = nodes = 0
    for n, f in enumerate(files, 1):
        text = f.read_text(encoding="utf-8")
        original, reduced = reduce_rico(text)
        back = json.loads(reduced)
        if back["activity"]["root"] != kept(original["activity"]["root"]):
            sys.exit(f"{f.name}: the reduced file does not parse back to the original's kept keys")
        nodes += count(original["activity"]["root"])
        (target / RICO / f.name).write_text(reduced, encoding="utf-8")
        before += len(text.encode())
        after += len(reduced.encode())
        if n % 20 == 0 or n == len(files):
            print(f"{RICO}: {n}/{len(files)} screens", file=sys.stderr)
    print(f"{RICO}: {len(files)} screens, {nodes} nodes, {before} -> {after} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
