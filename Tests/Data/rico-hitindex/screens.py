#!/usr/bin/env python3
"""Writes the RICO-format screens of this folder (written by the HitIndex project, Apache-2.0).

Usage: python3 Tests/Data/rico-hitindex/screens.py     (or Tests/Data/update.py, which runs it)

Each screen below is a hand-designed Android screen (a Nexus 6P, 1440 x 2560 px, density 3.5)
described as a layout tree: every node's `rel` rect is its layout position in its parent's content
coordinates (Android's getLeft/Top/Right/Bottom), a container may be scrolled (`scroll`) and a
node may be translated (`tx`, `ty`, an animation in progress). From that the script derives
what a RICO crawler records:

- `rel-bounds` = `rel`;
- `bounds` = the node's screen rect (parent's unclipped screen origin + rel - parent's scroll +
  translation), intersected with the parent's recorded `bounds` edge by edge and without
  normalizing, as Android's accessibility bounds are: a node partly outside its parent is cut, one
  wholly outside gets right < left or bottom < top;
- `visible-to-user` = visible itself and in every ancestor, with a non-empty recorded rect
  (`vtu` overrides it for one designed node).

The screens are written one node per line, indented by depth, so a line number names a node.
Only Python's standard library is used. Nothing here comes from the RICO dataset: the format is
RICO's (Deka et al., UIST 2017), the screens are the project's own.
"""

import json
import sys
from pathlib import Path

W, H = 1440, 2560


def N(cls, rel, kids=(), *, vis="visible", enabled=True, click=False, long=False, sh=False, sv=False,
      scroll=(0, 0), tx=0, ty=0, vtu=None):
    return {"cls": cls, "rel": list(rel), "kids": list(kids), "vis": vis, "enabled": enabled, "click": click,
            "long": long, "sh": sh, "sv": sv, "scroll": scroll, "tx": tx, "ty": ty, "vtu": vtu}


def disabled(node):
    """The node and its subtree with enabled false (a disabled preference row)."""
    node["enabled"] = False
    for k in node["kids"]:
        disabled(k)
    return node


def decor(content):
    """The window's DecorView: the app's content under the status bar, then the two bar backgrounds."""
    return N("com.android.internal.policy.PhoneWindow$DecorView", [0, 0, W, H], [
        N("android.widget.LinearLayout", [0, 0, W, 2392], [
            N("android.widget.FrameLayout", [0, 84, W, 2392], [content]),
        ]),
        N("android.view.View", [0, 2392, W, H]),  # navigationBarBackground
        N("android.view.View", [0, 0, W, 84]),  # statusBarBackground
    ])


def toolbar(title_right, extra=()):
    return N("android.support.v7.widget.Toolbar", [0, 0, W, 196], [
        N("android.widget.ImageButton", [0, 0, 196, 196], click=True),
        N("android.widget.TextView", [252, 63, title_right, 133]),
        *extra,
    ])


# --- settings: a scrolled preference list, a disabled row and action item, an odd switch ---------

def settings():
    rows = []
    for i in range(12):
        kids = [
            N("android.widget.ImageView", [56, 70, 168, 182]),
            N("android.widget.RelativeLayout", [224, 42, 1200, 210], [
                N("android.widget.TextView", [0, 0, 976, 84]),
                N("android.widget.TextView", [0, 91, 976, 168]),
            ]),
        ]
        if i in (1, 2, 4, 5, 8):
            kids.append(N("android.widget.LinearLayout", [1200, 0, W, 252], [
                # Row 5's switch says visible-to-user false although it is visible with area.
                N("android.support.v7.widget.SwitchCompat", [28, 42, 212, 210], click=True,
                  vtu=False if i == 5 else None),
            ]))
        row = N("android.widget.LinearLayout", [0, 252 * i, W, 252 * i + 252], kids, click=True)
        rows.append(disabled(row) if i == 7 else row)
    return decor(N("android.widget.LinearLayout", [0, 0, W, 2308], [
        toolbar(700, [N("android.support.v7.widget.ActionMenuView", [1244, 0, W, 196], [
            N("android.support.v7.view.menu.ActionMenuItemView", [0, 0, 196, 196], click=True, enabled=False),
        ])]),
        N("android.widget.ListView", [0, 196, W, 2308], rows, sv=True, scroll=(0, 140)),
    ]))


# --- pager: tabs and a ViewPager on its second page of three, a floating action button -----------

def card(top):
    return N("android.support.v7.widget.CardView", [42, top, 1398, top + 336], [
        N("android.widget.ImageView", [0, 0, 336, 336]),
        N("android.widget.TextView", [378, 42, 1314, 126]),
        N("android.widget.TextView", [378, 140, 1314, 210]),
        N("android.widget.ImageButton", [1188, 182, 1356, 336], click=True),
    ], click=True)


def pager():
    pages = []
    for p, cards in enumerate((3, 6, 3)):
        pages.append(N("android.support.v7.widget.RecyclerView", [1440 * p, 0, 1440 * p + W, 1972],
                       [card(28 + 364 * c) for c in range(cards)], sv=True))
    tabs = [N("android.support.design.widget.TabLayout$TabView", [480 * t, 0, 480 * t + 480, 140], [
        N("android.widget.TextView", [140, 42, 340, 98]),
    ], click=True) for t in range(3)]
    return decor(N("android.support.design.widget.CoordinatorLayout", [0, 0, W, 2308], [
        N("android.support.design.widget.AppBarLayout", [0, 0, W, 336], [
            toolbar(800),
            N("android.support.design.widget.TabLayout", [0, 196, W, 336], [
                N("android.support.design.widget.TabLayout$SlidingTabStrip", [0, 0, W, 140], tabs),
            ], sh=True),
        ]),
        N("android.support.v4.view.ViewPager", [0, 336, W, 2308], pages, sh=True, scroll=(1440, 0)),
        N("android.support.design.widget.FloatingActionButton", [1188, 2056, 1384, 2252], click=True, long=True),
    ]))


# --- drawer: an open navigation drawer over a mail list -------------------------------------------

def drawer():
    items = [N("android.widget.LinearLayout", [0, 252 * i, W, 252 * i + 252], [
        N("android.widget.ImageView", [56, 56, 196, 196]),
        N("android.widget.LinearLayout", [252, 42, 1384, 210], [
            N("android.widget.TextView", [0, 0, 1132, 84]),
            N("android.widget.TextView", [0, 91, 1132, 168]),
        ]),
    ], click=True, long=True) for i in range(9)]
    menu = [N("android.support.design.internal.NavigationMenuItemView", [0, 588 + 168 * k, 1050, 756 + 168 * k], [
        N("android.widget.CheckedTextView", [56, 0, 994, 168]),
    ], click=True) for k in range(6)]
    menu.append(N("android.widget.FrameLayout", [0, 1596, 1050, 1624], [N("android.view.View", [0, 13, 1050, 16])]))
    menu.append(N("android.support.design.internal.NavigationMenuItemView", [0, 1624, 1050, 1792], [
        N("android.widget.CheckedTextView", [56, 0, 994, 168]),
    ], click=True))
    return decor(N("android.support.v4.widget.DrawerLayout", [0, 0, W, 2308], [
        N("android.support.design.widget.CoordinatorLayout", [0, 0, W, 2308], [
            N("android.support.design.widget.AppBarLayout", [0, 0, W, 196], [toolbar(600)]),
            N("android.support.v7.widget.RecyclerView", [0, 196, W, 2308], items, sv=True),
        ]),
        N("android.support.design.widget.NavigationView", [0, 0, 1050, 2308], [
            N("android.support.design.internal.NavigationMenuView", [0, 0, 1050, 2308], [
                N("android.widget.LinearLayout", [0, 0, 1050, 560], [
                    N("android.widget.ImageView", [56, 140, 280, 364]),
                    N("android.widget.TextView", [56, 392, 994, 462]),
                    N("android.widget.TextView", [56, 469, 994, 532]),
                ]),
                *menu,
            ], sv=True),
        ]),
    ]))


# --- player: a gone queue panel in front, holding visible views; an invisible spinner -------------

def player():
    queue = [N("android.widget.LinearLayout", [0, 210 * k, W, 210 * k + 210], [
        N("android.widget.TextView", [56, 42, 1200, 112]),
        N("android.widget.TextView", [56, 119, 1200, 168]),
    ], click=True) for k in range(8)]
    return decor(N("android.widget.RelativeLayout", [0, 0, W, 2308], [
        toolbar(900, [N("android.widget.ImageButton", [1244, 0, W, 196], click=True)]),
        N("android.widget.FrameLayout", [0, 196, W, 1636], [
            N("android.widget.ImageView", [0, 0, W, 1440]),
            N("android.widget.ProgressBar", [620, 620, 820, 820], vis="invisible"),
        ]),
        N("android.widget.TextView", [56, 1664, 1384, 1748]),
        N("android.widget.TextView", [56, 1755, 1384, 1818]),
        N("android.widget.SeekBar", [42, 1846, 1398, 1930]),
        N("android.widget.TextView", [56, 1930, 300, 1986]),
        N("android.widget.TextView", [1140, 1930, 1384, 1986]),
        N("android.widget.LinearLayout", [0, 2028, W, 2252], [
            N("android.widget.ImageButton", [196, 28, 392, 196], click=True),
            N("android.widget.ImageButton", [616, 14, 824, 210], click=True),
            N("android.widget.ImageButton", [1048, 28, 1244, 196], click=True),
        ]),
        N("android.widget.LinearLayout", [0, 215, W, 2304], [
            N("android.widget.LinearLayout", [0, 0, W, 200], [
                N("android.support.v7.widget.SearchView$SearchAutoComplete", [56, 14, 1384, 172], click=True, long=True),
            ]),
            N("android.widget.ListView", [0, 200, W, 2089], queue, sv=True),
        ], vis="gone"),
    ]))


# --- map: zoom controls at the minimum zoom, and chips mid-animation in a scrolled strip ----------

def map_screen():
    chips = [N("android.support.design.chip.Chip", [28 + 336 * k, 14, 336 + 336 * k, 126], click=True,
               tx=40 if k == 3 else 0) for k in range(7)]
    return decor(N("android.widget.FrameLayout", [0, 0, W, 2308], [
        N("com.google.android.gms.maps.MapView", [0, 0, W, 2308], [
            N("android.widget.FrameLayout", [0, 0, W, 2308], [
                N("android.view.SurfaceView", [0, 0, W, 2308]),
                N("android.view.View", [0, 0, W, 2308]),
            ]),
        ]),
        N("android.support.v7.widget.CardView", [56, 56, 1384, 224], [
            N("android.widget.LinearLayout", [0, 0, 1328, 168], [
                N("android.widget.ImageView", [42, 42, 126, 126]),
                N("android.widget.TextView", [168, 49, 1120, 119]),
                N("android.widget.ImageView", [1176, 28, 1288, 140], click=True),
            ]),
        ], click=True),
        N("android.widget.HorizontalScrollView", [0, 252, W, 392], [
            N("android.widget.LinearLayout", [0, 0, 2380, 140], chips),
        ], sh=True, scroll=(280, 0)),
        N("android.widget.ImageView", [1258, 1816, 1405, 1953], click=True),
        N("android.widget.LinearLayout", [1258, 1975, 1405, 2255], [
            N("android.widget.ImageView", [0, 0, 147, 138], click=True),
            N("android.widget.ImageView", [0, 138, 147, 280], click=True, enabled=False),
        ]),
    ]))


# --- login: a form with a disabled sign-in button --------------------------------------------------

def login():
    def field(top, extra=()):
        return N("android.support.design.widget.TextInputLayout", [112, top, 1328, top + 224], [
            N("android.widget.FrameLayout", [0, 28, 1216, 224], [
                N("android.support.design.widget.TextInputEditText", [0, 0, 1216, 196], click=True, long=True),
                *extra,
            ]),
        ])
    return decor(N("android.widget.ScrollView", [0, 0, W, 2308], [
        N("android.widget.LinearLayout", [0, 0, W, 2308], [
            N("android.widget.ImageView", [520, 140, 920, 540]),
            field(616),
            field(868, [N("android.support.design.widget.CheckableImageButton", [1048, 28, 1188, 168], click=True)]),
            N("android.widget.CheckBox", [112, 1120, 700, 1246], click=True),
            N("android.widget.Button", [112, 1288, 1328, 1456], click=True, enabled=False),
            N("android.widget.TextView", [470, 1512, 970, 1610], click=True),
            N("android.widget.TextView", [112, 2100, 1328, 2240]),
        ]),
    ], sv=True))


# --- feed: a scrolled list of posts, a bottom navigation bar ---------------------------------------

def feed():
    posts = [N("android.support.constraint.ConstraintLayout", [0, 476 * i, W, 476 * i + 476], [
        N("android.widget.ImageView", [42, 42, 182, 182]),
        N("android.widget.TextView", [224, 42, 1000, 112]),
        N("android.widget.TextView", [1040, 42, 1398, 105]),
        N("android.widget.TextView", [224, 126, 1398, 336]),
        N("android.widget.LinearLayout", [224, 350, 1398, 476], [
            N("android.widget.ImageButton", [0, 0, 168, 126], click=True),
            N("android.widget.ImageButton", [392, 0, 560, 126], click=True),
            N("android.widget.ImageButton", [784, 0, 952, 126], click=True),
        ]),
    ], click=True, long=True) for i in range(7)]
    tabs = [N("android.support.design.internal.BottomNavigationItemView", [360 * k, 0, 360 * k + 360, 168], [
        N("android.widget.ImageView", [138, 21, 222, 105]),
        N("android.widget.TextView", [100, 112, 260, 154]),
    ], click=True) for k in range(4)]
    return decor(N("android.widget.LinearLayout", [0, 0, W, 2308], [
        N("android.support.v7.widget.Toolbar", [0, 0, W, 196], [
            N("android.widget.TextView", [56, 63, 700, 133]),
            N("android.support.v7.widget.ActionMenuView", [1048, 0, W, 196], [
                N("android.support.v7.view.menu.ActionMenuItemView", [0, 0, 196, 196], click=True),
                N("android.support.v7.view.menu.ActionMenuItemView", [196, 0, 392, 196], click=True),
            ]),
        ]),
        N("android.support.v4.widget.SwipeRefreshLayout", [0, 196, W, 2140], [
            N("android.support.v7.widget.RecyclerView", [0, 0, W, 1944], posts, sv=True, scroll=(0, 900)),
        ]),
        N("android.support.design.widget.BottomNavigationView", [0, 2140, W, 2308], [
            N("android.support.design.internal.BottomNavigationMenuView", [0, 0, W, 168], tabs),
        ]),
    ]))


# --- article: a web page scrolled past its start, a gone loading bar --------------------------------

def article():
    blocks = []
    for k in range(14):
        top = 112 + 380 * k
        links = [N("android.view.View", [0, 0, 420, 70], click=True)] if k in (1, 4, 6, 8) else []
        cls = "android.widget.Image" if k in (2, 9) else "android.view.View"
        blocks.append(N(cls, [56, top, 1384, top + 336], links))
    return decor(N("android.widget.LinearLayout", [0, 0, W, 2308], [
        toolbar(1100, [N("android.widget.ImageButton", [1244, 0, W, 196], click=True)]),
        N("android.widget.ProgressBar", [0, 196, W, 210], vis="gone"),
        N("android.webkit.WebView", [0, 196, W, 2308], [
            N("android.view.View", [0, 0, W, 5600], blocks),
        ], sv=True, scroll=(0, 1200)),
    ]))


SCREENS = {
    "settings": ("org.hitindex.samples/org.hitindex.samples.SettingsActivity", settings),
    "pager": ("org.hitindex.samples/org.hitindex.samples.CatalogActivity", pager),
    "drawer": ("org.hitindex.samples/org.hitindex.samples.MailActivity", drawer),
    "player": ("org.hitindex.samples/org.hitindex.samples.PlayerActivity", player),
    "map": ("org.hitindex.samples/org.hitindex.samples.MapActivity", map_screen),
    "login": ("org.hitindex.samples/org.hitindex.samples.LoginActivity", login),
    "feed": ("org.hitindex.samples/org.hitindex.samples.FeedActivity", feed),
    "article": ("org.hitindex.samples/org.hitindex.samples.ArticleActivity", article),
}


def record(node, parent=None):
    """Adds `bounds`, the unclipped screen origin and the effective visibility to the tree."""
    stack = [(node, parent)]
    while stack:
        n, p = stack.pop()
        l, t, r, b = n["rel"]
        if p is None:
            n["origin"] = (l, t)
            n["bounds"] = [l, t, r, b]
            n["shown"] = n["vis"] == "visible"
        else:
            ox = p["origin"][0] + l - p["scroll"][0] + n["tx"]
            oy = p["origin"][1] + t - p["scroll"][1] + n["ty"]
            n["origin"] = (ox, oy)
            pb = p["bounds"]
            n["bounds"] = [max(ox, pb[0]), max(oy, pb[1]), min(ox + r - l, pb[2]), min(oy + b - t, pb[3])]
            n["shown"] = p["shown"] and n["vis"] == "visible"
        for k in n["kids"]:
            stack.append((k, n))


def fields(n):
    b = n["bounds"]
    vtu = n["vtu"] if n["vtu"] is not None else (n["shown"] and b[2] > b[0] and b[3] > b[1])
    return [("class", n["cls"]), ("bounds", b), ("rel-bounds", n["rel"]), ("visibility", n["vis"]),
            ("visible-to-user", vtu), ("enabled", n["enabled"]), ("clickable", n["click"]),
            ("long-clickable", n["long"]), ("scrollable-horizontal", n["sh"]), ("scrollable-vertical", n["sv"])]


def lines(root):
    """One node per line, indented by depth (iterative, like update.py's writer)."""
    out = []
    stack = [("node", root, 1)]
    while stack:
        kind, item, level = stack.pop()
        if kind == "text":
            if item == ",":
                out[-1] += ","
            else:
                out.append(item)
            continue
        parts = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in fields(item)]
        pad = "  " * level
        if not item["kids"]:
            stack.append(("text", pad + "{" + ", ".join(parts) + "}", 0))
            continue
        stack.append(("text", pad + "]}", 0))
        for i in reversed(range(len(item["kids"]))):
            if i < len(item["kids"]) - 1:
                stack.append(("text", ",", 0))
            stack.append(("node", item["kids"][i], level + 1))
        stack.append(("text", pad + "{" + ", ".join(parts + ['"children": [']), 0))
    return out


def count(n):
    return 1 + sum(count(k) for k in n["kids"])


def main():
    target = Path(__file__).resolve().parent
    total = 0
    for name, (activity, make) in SCREENS.items():
        root = make()
        record(root)
        text = "{" + f'"activity_name": {json.dumps(activity)}, "activity": {{"root":' + "\n"
        text += "\n".join(lines(root)) + "\n}}\n"
        json.loads(text)  # well-formed
        (target / f"{name}.json").write_text(text, encoding="utf-8")
        total += count(root)
        print(f"{name}.json: {count(root)} nodes", file=sys.stderr)
    print(f"{len(SCREENS)} screens, {total} nodes", file=sys.stderr)


if __name__ == "__main__":
    main()
