#!/usr/bin/env python3
"""Writes the seed corpus, Tests/Fuzz/corpus/, deterministically.

Each seed is a scene and points spelled in values, and for some an edit script naming views by
id; the encoders below turn them into the bytes FuzzDecoder.swift and FuzzEdits.swift read (their
header comments are the layout). The tables here mirror FuzzTables:
a seed that drifted from them would still decode to a valid scene, just a less deliberate one.
See what a seed decodes to with

    HITINDEX_FUZZ_PRINT=1 .build/fuzz/hitindex-fuzz Tests/Fuzz/corpus/NAME

Run from anywhere: python3 Tests/Fuzz/make-corpus.py
"""

import os
import struct

COORDINATE_SPECIALS = [
    0, -0.0, 1e-300, -1e-300, 1e15, -1e15, 3.4e38, -3.4e38, 0.1, 0.2, 0.30000000000000004, 1.0 / 3,
    2.0 / 3, 1e-7, 5e-324, 9007199254740992, 9007199254740994, 1e300, -1e300, 100.00000000000001,
    99.99999999999999, 0.49999999999999994, 1.5, 44, 390, 844, 1e16, -0.5, 1e-15, 123456.789, 7.5, -7.5,
]
LENGTH_SPECIALS = [
    0, -10, -0.5, -100, 1e-300, -1e-300, 1e15, 3.4e38, -3.4e38, 5e-324, 1e-7, 0.1, 9007199254740992, 1e300,
    44, 390, 844, 1, 2, 3, 0.30000000000000004, -1e15, 1e16, -44,
]
FACTORS = [
    0.5, 0, 1, 0.25, 0.75, -1, 2, -0.5, 1.5, 0.1, 1e-300, 1e-200, 1e15, -1e15, 1.0 / 3, 0.7071067811865476,
    -0.7071067811865476, 1e200, 3, -2, 0.999999999999, 1.0000000000000002, 0.9999999999999999, 5e-324,
]
LEVELS = [0, 0, 0, 0, 1000, 2000, -1, 0.5, 1e300, -1e300, 1000, 2.5]
INSETS = [
    0, 0, 5, -5, 0.5, -0.5, 10, -10, 20, -22, 1e15, -1e15, 1e-300, -1e-300, 3.4e38, -3.4e38, 0.1, 100, -100,
    1e300, 2.5,
]
MINIMUM_SIZES = [0, 44, 10, 0.5, 1e-300, 1e15, 3.4e38, -5, 100, 1, 5e-324, 44.5, 1e300]
RADII = [0, 5, 10, 22, 0.5, 1e-300, 1e15, 3.4e38, 100, 1e300, 2.5, 5e-324]
POINT_SPECIALS = ["nan", "inf", "-inf", 0, "-0", "max", "-max", "tiny", 1e300, 100]

# FuzzTables.alphas by name: Float values are awkward to spell in Python.
ALPHA = {"1": 0, "0": 1, "f0.01": 2, "f0.01+": 3, "f0.01-": 4, "f0.01++": 5, "0.5": 6, "0.02": 7, "0.0099": 8,
         "0.011": 9, "fmin": 10, "1e-38": 11, "2": 12, "fmax": 13}
# FuzzTables.transformKinds by name; "general" reads six more values.
TRANSFORM = {"identity": 0, "rot90": 2, "rot180": 3, "rot270": 4, "rot45": 5, "rot-45": 6, "rot30": 7,
             "rot90-libm": 8, "rot180-libm": 9, "flipX": 10, "flipY": 11, "scale0": 12, "scale1,0": 13,
             "scale0,1": 14, "scale1e-200": 15, "scale1e200": 16, "scale1e-300,1": 17, "scale2,0.5": 18,
             "translate": 19, "shear": 20, "det-ulp": 21, "rot345": 22, "general": 23}


def index_of(table, value):
    """The position of `value` in `table`, by bits (so that 0 and -0.0 differ)."""
    for i, v in enumerate(table):
        if isinstance(v, float) or isinstance(v, int):
            if struct.pack("<d", float(v)) == struct.pack("<d", float(value)):
                return i
    raise ValueError(f"{value!r} is not in the table")


def coordinate(v):
    """The byte FuzzTables.coordinate maps to `v`."""
    if isinstance(v, int) and v % 5 == 0 and -80 <= v <= 555:
        return v // 5 + 16
    if isinstance(v, float) and (v - 0.5).is_integer() and -31.5 <= v <= 31.5:
        return int(v - 0.5) + 160
    return 192 + index_of(COORDINATE_SPECIALS, v)


def length(v):
    """The byte FuzzTables.length maps to `v`."""
    if isinstance(v, int) and v % 5 == 0 and 0 <= v <= 635:
        return v // 5
    if isinstance(v, float) and (v - 0.5).is_integer() and 0.5 <= v <= 63.5:
        return int(v - 0.5) + 128
    return 192 + index_of(LENGTH_SPECIALS, v)


def view(frame, parent=None, level=None, anchor=None, transform=None, general=None, scroll=None, hidden=False,
         disabled=False, alpha=None, insets=None, minimum=None, shape=None, radius=0, pass_through=False,
         outside=False, redirect=None, predicate=False):
    """One view record: `parent` only in explicit-parent scenes, `level` only for windows."""
    flags = 0
    body = []
    if parent is not None:
        body.append(parent)
    x, y, w, h = frame
    body += [coordinate(x), coordinate(y), length(w), length(h)]
    if level is not None:
        body.append(index_of(LEVELS, level))
    if anchor is not None:
        flags |= 1
        body += [index_of(FACTORS, anchor[0]), index_of(FACTORS, anchor[1])]
    if transform is not None:
        flags |= 2
        body.append(TRANSFORM[transform])
        if transform == "general":
            a, b, c, d, tx, ty = general
            body += [index_of(FACTORS, a), index_of(FACTORS, b), index_of(FACTORS, c), index_of(FACTORS, d),
                     coordinate(tx), coordinate(ty)]
    if scroll is not None:
        flags |= 4
        body += [coordinate(scroll[0]), coordinate(scroll[1])]
    if hidden or disabled or alpha is not None:
        flags |= 8
        body += [(1 if hidden else 0) | (2 if disabled else 0), ALPHA[alpha or "1"]]
    if insets is not None:
        flags |= 16
        body += [index_of(INSETS, i) for i in insets]
    if minimum is not None:
        flags |= 32
        body += [index_of(MINIMUM_SIZES, minimum[0]), index_of(MINIMUM_SIZES, minimum[1])]
    if shape is not None:
        flags |= 64
        body.append({"rect": 0, "ellipse": 1, "rounded": 2 + 3 * index_of(RADII, radius)}[shape])
    if pass_through or outside or redirect is not None or predicate:
        flags |= 128
        body.append((1 if pass_through else 0) | (2 if outside else 0) | (4 if redirect is not None else 0)
                    | (8 if predicate else 0))
        if redirect is not None:
            body.append(redirect)
    return bytes([flags] + body)


def window(frame=(0, 0, 390, 844), level=0, **attributes):
    """A window record: a view record with a level."""
    return view(frame, level=level, **attributes)


CORNERS = {"min": 0, "max": 1, "mid": 2}
NUDGE = {0: 0, "+": 1, "-": 2}


def edge(v, x="min", y="min", nx=0, ny=0):
    """A point on view number `v`'s hit rect (windows first), nudged one ulp per axis."""
    selector = CORNERS[x] + 3 * CORNERS[y] + 9 * (NUDGE[nx] + 3 * NUDGE[ny])
    return bytes([0, v, selector])


def table_point(x, y):
    """A point from the coordinate table."""
    return bytes([5, coordinate(x), coordinate(y)])


def raw_point(x, y):
    """A point from two Double bit patterns."""
    return bytes([6]) + struct.pack("<dd", x, y)


def special_point(x, y):
    """A point from the special values (NaN, infinities, extremes)."""
    n = len(POINT_SPECIALS)
    return bytes([7, POINT_SPECIALS.index(x) + n * POINT_SPECIALS.index(y)])


def scene(windows, views, shape, points):
    """A whole input: header, window records, view records, points (at most 16)."""
    assert 1 <= len(windows) <= 3 and len(views) <= 12 and 1 <= len(points) <= 16
    header = bytes([len(windows) - 1, len(views), shape])
    return header + b"".join(windows) + b"".join(views) + bytes([len(points) - 1]) + b"".join(points)


FAN, FAN_UNDER_V0, CHAIN, EXPLICIT = 0, 1, 2, 3


def corners_of(v, nudged=True):
    """The four corners of view `v`, each also one ulp inside-out when `nudged`."""
    points = [edge(v, "min", "min"), edge(v, "max", "max")]
    if nudged:
        points += [edge(v, "max", "max", "-", "-"), edge(v, "min", "min", "-", 0), edge(v, "max", "min", "-", "+")]
    return points


class Model:
    """The views the edit decoder picks from (FuzzEdits.swift): `all` in preorder (windows in listed
    order, each parent before its subviews, back to front), `views` the same without windows."""

    def __init__(self, windows, parents):
        """Windows w0… and views v0… under the parents named by id, in creation order."""
        self.windows = [f"w{i}" for i in range(windows)]
        self.subviews = {w: [] for w in self.windows}
        self.parent = {}
        self.fresh = 0
        for i, p in enumerate(parents):
            self.add(f"v{i}", p, len(self.subviews[p]))

    @staticmethod
    def of(windows, shape, count, explicit=()):
        """The model FuzzDecoder builds for a header: `explicit` lists EXPLICIT's parent bytes."""
        parents = []
        for i in range(count):
            earlier = [f"w{j}" for j in range(windows)] + [f"v{j}" for j in range(i)]
            parents.append({FAN: "w0", FAN_UNDER_V0: "w0" if i == 0 else "v0",
                            CHAIN: earlier[-1]}.get(shape) or earlier[explicit[i] % len(earlier)])
        return Model(windows, parents)

    def add(self, v, parent, at):
        self.subviews[v] = self.subviews.get(v, [])
        self.subviews[parent].insert(at, v)
        self.parent[v] = parent

    def detach(self, v):
        self.subviews[self.parent.pop(v)].remove(v)

    def all(self):
        order = []
        stack = list(reversed(self.windows))
        while stack:
            v = stack.pop()
            order.append(v)
            stack += reversed(self.subviews[v])
        return order

    def views(self):
        return [v for v in self.all() if v not in self.windows]


# Edit kinds (FuzzEdits.swift); a set flag adds 10 to the kind byte.
INSERT, REMOVE, MOVE, ATTRIBUTES, SCROLL, ELIGIBILITY, REDIRECT, LEVEL, REORDER, COMMIT = range(10)
MID = CORNERS["mid"] + 3 * CORNERS["mid"]


def edits(model, script):
    """The edit script: a count byte and each edit, its views named by id and turned into the bytes
    that pick them from `model`, which follows the edits. Each edit is a tuple: ("insert", parent or
    None for a window, position or level, record, [child records]), ("remove", v), ("move", v,
    parent, position), ("attributes", v, record), ("scroll", v, x, y), ("eligibility", v, hidden,
    disabled, alpha), ("redirect", v, target or None), ("level", w, level), ("front", v),
    ("back", v), ("commit",) or ("hold",); `point=` selectors are left at the middle of the view."""
    assert len(script) < 32
    out = [len(script)]
    for kind, *args in script:
        everything = model.all()
        if kind == "insert":
            parent, where, record, children = args
            ids = [f"n{model.fresh + i}" for i in range(1 + len(children))]
            model.fresh += len(ids)
            if parent is None:
                out += [INSERT + 10, index_of(LEVELS, where)]
                model.windows.append(ids[0])
                model.subviews[ids[0]] = []
            else:
                out += [INSERT, everything.index(parent), where]
                model.add(ids[0], parent, where)
            out += list(record) + [len(children)]
            for i, child in enumerate(children):
                out += list(child)
                model.add(ids[1 + i], ids[0], i)
            out.append(MID)
        elif kind == "remove":
            (v,) = args
            out += [REMOVE, everything.index(v), MID]
            if v in model.windows:
                model.windows.remove(v)
            else:
                model.detach(v)
        elif kind == "move":
            v, parent, at = args
            out += [MOVE, model.views().index(v), everything.index(parent), at, MID]
            model.detach(v)
            model.add(v, parent, at)
        elif kind == "attributes":
            v, record = args
            out += [ATTRIBUTES, everything.index(v)] + list(record) + [MID]
        elif kind == "scroll":
            v, x, y = args
            out += [SCROLL, everything.index(v), coordinate(x), coordinate(y), MID]
        elif kind == "eligibility":
            v, hidden, disabled, alpha = args
            out += [ELIGIBILITY, everything.index(v), (1 if hidden else 0) | (2 if disabled else 0), ALPHA[alpha],
                    MID]
        elif kind == "redirect":
            v, target = args
            out += [REDIRECT, everything.index(v), len(everything) if target is None else everything.index(target),
                    MID]
        elif kind == "level":
            w, level = args
            out += [LEVEL, model.windows.index(w), index_of(LEVELS, level), MID]
        elif kind in ("front", "back"):
            (v,) = args
            out += [REORDER + (10 if kind == "front" else 0), model.views().index(v), MID]
            siblings = model.subviews[model.parent[v]]
            siblings.remove(v)
            siblings.insert(len(siblings) if kind == "front" else 0, v)
        else:
            out.append(COMMIT + (10 if kind == "hold" else 0))
    return bytes(out)


def seeds():
    """Every seed, by file name."""
    s = {}
    s["00-empty-window"] = scene([window()], [], FAN, [table_point(10, 10), table_point(390, 844)])
    # A 4×3 grid of plain cells: a BVH with exact leaf intervals.
    grid = [view((20 + 90 * (i % 4), 100 + 95 * (i // 4), 85, 90)) for i in range(12)]
    s["01-wide-grid"] = scene([window()], grid, FAN, corners_of(1) + corners_of(7) + corners_of(12)[:3])
    # Cells on half and 1/3 coordinates under a scrolled window: intervals that need rounding.
    halves = [view((0.5 + i, 10.5 + 2 * i, 1.5, 30.5)) for i in range(10)]
    halves += [view((1.0 / 3, 0.1, 0.30000000000000004, 0.1)), view((99.99999999999999, 0.2, 1e-7, 100))]
    s["02-wide-halves-scrolled"] = scene(
        [window(scroll=(0.1, -7.5))], halves, FAN,
        corners_of(3) + corners_of(11) + corners_of(12) + [edge(4, "mid", "mid")])
    # A wide fan with the kinds of subview an index cannot decide from a rect.
    mixed = [view((10 + 40 * i, 200, 35, 60)) for i in range(6)]
    mixed += [view((30, 300, 100, 50), transform="rot45"), view((150, 300, 100, 50), transform="rot90"),
              view((260, 300, 80, 80), shape="ellipse"), view((30, 420, 120, 60), shape="rounded", radius=22),
              view((170, 420, 60, 60), predicate=True), view((240, 420, 100, 40), transform="flipX")]
    s["03-wide-mixed-shapes"] = scene(
        [window()], mixed, FAN, [edge(7, "mid", "min"), edge(7, "max", "max", "-", "-"), edge(8, "min", "mid"),
                                 edge(9, "max", "mid", "-"), edge(10, "min", "min", "+", "+"),
                                 edge(10, "max", "min", "-", "+"), edge(11, "mid", "mid"),
                                 edge(12, "max", "max", "-", "-"), edge(12, "min", "mid", "+")])
    # A scrolled, re-anchored container of eleven cells (the fan under v0).
    inner = [view((0, 0, 300, 600), anchor=(0, 0), scroll=(0, 120))]
    inner += [view((10, 50 * i, 280, 45)) for i in range(11)]
    s["04-fan-under-scrolled-container"] = scene(
        [window()], inner, FAN_UNDER_V0, corners_of(2) + corners_of(6) + corners_of(12, nudged=False))
    # A chain of transforms: each view rotated, flipped or scaled inside the one before.
    chain = [view((20, 20, 300, 300), transform="rot90"), view((10, 10, 250, 250), transform="rot45"),
             view((5, 5, 200, 200), transform="flipY"), view((0, 0, 180, 180), transform="rot30"),
             view((5, 5, 150, 150), transform="scale2,0.5"), view((0, 0, 120, 120), transform="shear"),
             view((5, 5, 100, 100), transform="rot345"), view((2.5, 2.5, 90, 90), transform="rot90-libm"),
             view((0, 0, 80, 80), transform="rot180-libm"), view((5, 5, 60, 60), transform="translate"),
             view((0, 0, 40, 40), anchor=(0.25, 0.75), transform="rot270"), view((5, 5, 20, 20))]
    s["05-transform-chain"] = scene(
        [window()], chain, CHAIN, corners_of(12) + corners_of(8) + [edge(4, "mid", "mid"), edge(6, "max", "mid")])
    # Singular and near-singular transforms, which CGAffineTransformInvert leaves unchanged.
    singular = [view((50, 50 + 60 * i, 200, 50), transform=t) for i, t in enumerate(
        ["scale0", "scale1,0", "scale0,1", "scale1e-200", "scale1e200", "scale1e-300,1", "det-ulp"])]
    singular.append(view((10, 10, 20, 20), transform="general", general=(1, 1, 1, 1.0000000000000002, 7.5, -7.5)))
    s["06-singular-transforms"] = scene(
        [window()], singular, FAN,
        [edge(i, "mid", "mid") for i in range(1, 9)] + [edge(1, "min", "min"), edge(2, "max", "min", "-"),
                                                        edge(4, "max", "max", "-", "-"), table_point(150, 75)])
    # Redirect and pass-through: a paging container answering for its pages, a transparent overlay
    # that redirects to the window.
    paging = [view((0, 100, 390, 400), parent=0, redirect=2), view((0, 0, 390, 400), parent=1),
              view((390, 0, 390, 400), parent=1), view((0, 0, 390, 844), parent=0, pass_through=True),
              view((100, 450, 200, 100), parent=0, pass_through=True, redirect=0),
              view((20, 20, 50, 50), parent=5)]
    s["07-redirect-pass-through"] = scene(
        [window()], paging, EXPLICIT,
        [table_point(200, 300), table_point(200, 500), table_point(200, 555), edge(2, "min", "min"),
         edge(4, "mid", "mid"), edge(5, "max", "max", "-", "-"), edge(6, "min", "min")])
    # A small tab bar whose raised button sticks out above it.
    raised = [view((0, 100, 390, 44), parent=0, outside=True), view((170, -30, 50, 60), parent=1),
              view((0, 500, 390, 55), parent=0, outside=True, pass_through=True),
              view((170, -20, 50, 40), parent=3, outside=True), view((-5, -5, 10, 10), parent=4)]
    s["08-outside-bounds"] = scene(
        [window()], raised, EXPLICIT,
        [edge(2, "mid", "min"), edge(2, "mid", "min", 0, "-"), edge(4, "mid", "min"), edge(5, "min", "min"),
         edge(5, "max", "max", "-", "-"), table_point(195, 485), table_point(195, 500)])
    # The eligibility rules: alpha either side of Float(0.01), hidden and disabled views.
    alphas = ["f0.01", "f0.01+", "f0.01-", "f0.01++", "0", "0.0099", "0.011", "fmin", "0.02"]
    faded = [view((10 + 40 * i, 100, 40, 40), alpha=a) for i, a in enumerate(alphas)]
    faded += [view((10, 200, 100, 100), hidden=True), view((120, 200, 100, 100), disabled=True),
              view((0, 0, 390, 400), alpha="f0.01")]
    s["09-alpha-hidden-disabled"] = scene(
        [window()], faded, FAN, [edge(i, "mid", "mid") for i in range(1, 13)] + [table_point(20, 120)])
    # Insets and minimum sizes on tiny, zero and negative-size views.
    small = [view((100, 100, 0, 0), minimum=(44, 44)), view((200, 100, 10, -10), minimum=(44, 10)),
             view((100, 200, -10, -0.5), insets=(-5, -5, -5, -5)),
             view((200, 200, 1e-300, 1e-300), minimum=(1e-300, 44.5)),
             view((100, 300, 20, 20), insets=(10, 10, 10, 10)), view((200, 300, 20, 20), insets=(20, -22, 2.5, 0.5)),
             view((100, 400, 30, 30), insets=(0.1, 0.1, 0.1, 0.1), minimum=(0.5, 0.5)),
             view((200, 400, 30, 30), insets=(-1e15, 0, 0, 0)), view((300, 400, 30, 30), minimum=(-5, 10))]
    s["10-insets-minimum-size"] = scene(
        [window()], small, FAN, [edge(i, x, y, n, n) for i in (1, 2, 3, 4, 7) for (x, y, n) in
                                 (("min", "min", 0), ("max", "max", "-"), ("mid", "mid", 0))][:16])
    # Geometry at the edges of Double (1e15, Float's max, 1e300, 1e-300), searched beyond the window.
    huge = [view((0, 0, 1e300, 1e300)), view((1e15, 1e15, 1e15, 1e15)), view((-1e15, 0, 1e16, 1)),
            view((3.4e38, -3.4e38, 3.4e38, 3.4e38)), view((1e-300, 1e-300, 1e-300, 1e-300)),
            view((-1e300, 0, 1e300, 1)),
            view((0, 0, 3.4e38, 0)), view((9007199254740992, 9007199254740994, 2, 2))]
    s["11-huge-and-tiny"] = scene(
        [window(outside=True)], huge, FAN,
        [edge(i, "min", "min", "-", "-") for i in range(1, 9)] + [edge(i, "max", "max", "-", "-")
                                                                   for i in range(1, 9)])
    # Three windows at levels 2000, 0 and 1000, listed out of order; overlapping frames.
    windows = [window((0, 0, 390, 844), level=0), window((50, 50, 200, 200), level=2000),
               window((100, 100, 200, 200), level=1000)]
    content = [view((10, 10, 100, 100), parent=1), view((0, 0, 50, 50), parent=2),
               view((10, 10, 30, 30), parent=4, transform="rot90"), view((0, 0, 390, 844), parent=0)]
    s["12-window-levels"] = scene(
        windows, content, EXPLICIT,
        [table_point(120, 120), table_point(60, 60), table_point(300, 300), edge(1, "max", "max", "-", "-"),
         edge(2, "min", "min"), edge(5, "mid", "mid"), edge(2, "min", "min", "-", "-")])
    # A window that is itself rotated, re-anchored and scrolled.
    s["13-transformed-window"] = scene(
        [window((0, 0, 390, 844), anchor=(0, 0), transform="rot90", scroll=(-7.5, 1.5))],
        [view((0, 0, 100, 100)), view((50, 50, 100, 100), transform="rot-45")], FAN,
        corners_of(0) + corners_of(1) + corners_of(2))
    # A random-looking tree: containers of containers, some wide.
    tree = [view((0, 0, 390, 400), parent=0), view((0, 400, 390, 440), parent=0)]
    tree += [view((10 + 45 * i, 10, 40, 40), parent=1 + (i % 2)) for i in range(8)]
    tree += [view((5, 5, 20, 20), parent=5), view((5, 5, 20, 20), parent=6, transform="rot180")]
    s["14-explicit-tree"] = scene(
        [window()], tree, EXPLICIT,
        [edge(i, "mid", "mid") for i in range(3, 13)] + [edge(11, "min", "min"), edge(12, "max", "max", "-", "-")])
    # Points only NaN, infinities and raw bit patterns can spell.
    s["15-special-points"] = scene(
        [window()], [view((0, 0, 100, 100))], FAN,
        [special_point("nan", 0), special_point(0, "inf"), special_point("-inf", "-inf"),
         special_point("-0", "-0"), special_point("tiny", "tiny"), special_point("max", 100),
         raw_point(50.0, float("nan")), raw_point(-0.0, 5e-324), raw_point(99.99999999999999, 100.0),
         raw_point(100.0, 99.99999999999999)])
    # A wide container whose subviews have subviews: their intervals are bounds, not exact.
    nested = [view((20 * i, 20 * i, 200, 200), parent=0) for i in range(8)]
    nested += [view((150, 150, 100, 100), parent=1 + i, transform="rot45" if i % 2 else None,
                    outside=True) for i in range(4)]
    s["16-wide-with-subtrees"] = scene(
        [window()], nested, EXPLICIT,
        [edge(i, "max", "max", "-", "-") for i in range(9, 13)] + [edge(i, "min", "min") for i in range(1, 9)])
    # A scrolled wide container under a scrolled pass-through overlay with cells of its own.
    two = [view((0, 0, 390, 844), parent=0, scroll=(-0.5, 0)),
           view((0, 0, 390, 844), parent=0, pass_through=True, scroll=(0.5, 0.5))]
    two += [view((50 * i, 50 * i, 50, 50), parent=1 if i < 8 else 2) for i in range(10)]
    s["17-overlapping-scrolled-fans"] = scene(
        [window()], two, EXPLICIT,
        [edge(i, "min", "min", n, n) for i in (3, 5, 8, 10) for n in (0, "-")]
        + [edge(i, "max", "max", "-", "-") for i in (4, 9, 12)])
    # Anchors off the unit square and redirects into the same window's other branch.
    anchors = [view((100, 100, 100, 100), anchor=a) for a in [(0, 0), (1, 1), (-1, 2), (1.5, -0.5),
                                                            (1.0 / 3, 0.75), (1e-300, 1e15)]]
    anchors += [view((0, 0, 50, 50), redirect=3), view((300, 300, 50, 50), redirect=0)]
    s["18-anchors-and-redirects"] = scene(
        [window()], anchors, FAN, [edge(i, "mid", "mid") for i in range(1, 9)] + corners_of(7))
    # Rounded rects and ellipses whose corners are the tie-breakers.
    rounded = [view((10 + 45 * i, 100, 40, 40), shape="rounded", radius=r)
               for i, r in enumerate([0, 5, 10, 22, 0.5, 1e-300, 1e15, 3.4e38])]
    rounded += [view((10, 200, 40, 0.5), shape="ellipse"), view((60, 200, 1e-300, 40), shape="ellipse")]
    s["19-rounded-and-ellipses"] = scene(
        [window()], rounded, FAN,
        [edge(i, "min", "min", "+", "+") for i in range(1, 11)] + [edge(i, "max", "max", "-", "-")
                                                                   for i in range(1, 7)])
    # The general transform with huge and tiny entries, under a pass-through parent.
    general = [view((0, 0, 390, 844), pass_through=True)]
    general += [view((100, 100, 100, 100), transform="general", general=g) for g in [
        (1e15, 0, 0, 1e-300, 7.5, 7.5), (0.7071067811865476, -0.7071067811865476, 0.7071067811865476,
                                         0.7071067811865476, 1.5, 0), (-1, 0, 0, -1, 0, 0),
        (1.0000000000000002, 0, 0, 0.9999999999999999, 0, 0), (5e-324, 1, -1, 5e-324, 0, 0)]]
    s["20-general-transforms"] = scene(
        [window()], general, FAN_UNDER_V0,
        [edge(i, c, c, n, n) for i in range(2, 7) for (c, n) in (("min", 0), ("max", "-"), ("mid", 0))][:16])
    # Hit predicates in a wide container, for the index's non-exact leaf path.
    predicated = [view((40 * (i % 4), 100 + 40 * (i // 4), 40, 40), predicate=(i % 3 == 0)) for i in range(12)]
    s["21-wide-predicates"] = scene(
        [window()], predicated, FAN, [edge(i, "mid", "mid") for i in range(1, 13)] + corners_of(1)[:4])

    # Edit scripts on the live index (FuzzEdits.swift), after each scene's points.
    # A scrolled list of eleven cells (v1…v11 in v0): scrolled, moved into, out of and within,
    # inserted into, reordered, a cell hidden and one removed, the list re-anchored.
    cells = [view((0, 0, 300, 600), parent=0)] + [view((10, 50 * i, 280, 45), parent=1) for i in range(11)]
    model = Model.of(1, EXPLICIT, 12, [0] + [1] * 11)
    s["22-edits-wide-container"] = scene(
        [window()], cells, EXPLICIT, corners_of(2) + corners_of(7) + [edge(12, "mid", "mid")]) + edits(model, [
            ("scroll", "v0", 0, 120), ("commit",),
            ("move", "v5", "v0", 0), ("insert", "v0", 3, view((0, 100, 300, 60)), [view((5, 5, 20, 20))]),
            ("front", "n0"), ("back", "v11"), ("hold",),
            ("scroll", "v0", 0, -7.5), ("eligibility", "v3", True, False, "1"), ("move", "v7", "w0", 0),
            ("move", "v2", "v6", 0), ("remove", "v4"), ("commit",),
            ("attributes", "v0", view((0, 0, 300, 600), anchor=(0, 0), scroll=(0, 45))), ("front", "v5"),
            ("move", "v7", "v0", 5), ("hold",),
        ])
    # A paging container whose redirect is retargeted, cleared, set again and loses its target.
    paging = [view((0, 100, 390, 400), parent=0, redirect=2), view((0, 0, 390, 400), parent=1),
              view((390, 0, 390, 400), parent=1), view((100, 450, 200, 100), parent=0, redirect=0),
              view((20, 20, 50, 50), parent=4)]
    model = Model.of(1, EXPLICIT, 5, [0, 1, 1, 0, 4])
    s["23-edits-redirect-retargeted"] = scene(
        [window()], paging, EXPLICIT,
        [table_point(200, 300), table_point(200, 500), edge(2, "min", "min"), edge(5, "mid", "mid")]) + edits(
            model, [
                ("redirect", "v0", "v2"), ("commit",), ("scroll", "v0", 390, 0), ("redirect", "v0", None),
                ("hold",), ("redirect", "v3", "v4"), ("redirect", "v0", "v1"), ("commit",), ("remove", "v4"),
                ("commit",), ("insert", "w0", 0, view((0, 0, 390, 844), redirect=2), []), ("redirect", "v0", "w0"),
            ])
    # Three snapshots held across the commits after them: a window inserted, levels changed, a
    # view moved across windows, a window removed, attributes replaced.
    model = Model.of(2, EXPLICIT, 4, [0, 1, 2, 3])
    levels = [view((10, 10, 200, 200), parent=0), view((20, 20, 100, 100), parent=1),
              view((0, 0, 100, 100), parent=2), view((10, 10, 30, 30), parent=3, transform="rot90")]
    s["24-edits-held-snapshots"] = scene(
        [window(), window((50, 50, 200, 200), level=1000)], levels, EXPLICIT,
        [table_point(60, 60), table_point(120, 120), edge(4, "mid", "mid"), edge(5, "min", "min")]) + edits(
            model, [
                ("hold",), ("level", "w1", 0), ("commit",), ("level", "w1", -1), ("hold",),
                ("insert", None, 2000, view((40, 40, 100, 100)), [view((0, 0, 50, 50)), view((50, 50, 50, 50))]),
                ("move", "v3", "n1", 0), ("attributes", "v0", view((10, 10, 200, 200), alpha="f0.01-")),
                ("hold",), ("remove", "w0"), ("back", "n2"), ("commit",), ("level", "n0", -1),
            ])
    return s


def main():
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    os.makedirs(directory, exist_ok=True)
    for name, data in seeds().items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
