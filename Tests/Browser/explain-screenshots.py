#!/usr/bin/env python3
"""Renders `hitindex explain --svg` and `--html` pictures in headless Chromium and checks them.

- Pixels: at a point inside the hit view (away from the touch's crosshair and the labels) the
  screenshot must show the hit colour (#2da44e at 35 %, over white or an ancestor's light fill;
  for a hit view covering a quarter of the screen or more, which is outlined rather than filled,
  in the band of that colour inside its edge), and at a point of a view that was searched and
  missed, or skipped, it must not: a full-screen hit view does not hide the buttons beneath it.
- Layout, with the browser's own fonts: no two label lines overlap, each lies in its label's box
  and off the crosshair, and the legend's box holds its text (the page's #layout hook).
- Search: the HTML page's click-to-explain search, run by the browser on the edge points of every
  view of every scenario scene, answers as `hitindex query --engine reference`.
- Explanations: a click on the page explains the point as `hitindex explain` prints it (numbers
  rounded for reading on both sides), and its "why not" for a view says what
  `hitindex explain --why-not` says, on real dumps (Sentry's, crifan's) and the examples.

Standard library only; Chromium comes from Debian's packages (CI installs it; --install here).
Screenshots go to a temporary folder, or to --out DIR to look at them.

    python3 Tests/Browser/explain-screenshots.py [--install] [--hitindex .build/release/hitindex] [--out DIR]
"""
import html as markup
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SENTRY = "import:Tests/Data/ios-recursivedescription/sentry-mockViewHierarchyData.extracted.txt"
CRIFAN = "import:Tests/Data/ios-recursivedescription/crifan-cycript-output_example.extracted.txt"

# (scene, touch, the hit view, a view searched and missed or not hit), scenes of the repository.
CASES = [
    ("Examples/seed000.json", "220,193", "SubView3", "SubView4"),
    ("Examples/seed000-widened.json", "220,193", "SubView3", "SubView4"),
    # Seed 003's tap (cli.md's explain example): DView under an interaction-disabled label.
    ("Examples/seed003.json", "210,170", "DView", None),
    ("Tests/HitIndexTests/Scenarios/passthrough_redirect.json", "50,50", "Under", "Pager"),
    ("Tests/HitIndexTests/Scenarios/rotation.json", "100,100", "R90", "R45"),
    # The widened tab-bar button whose widened part the tab bar clips: the touch goes to the feed,
    # which fills the screen above the bar (outlined, with a band).
    ("Examples/tabbar-widened.json", "240,785", "Feed", "TabBar"),
    # A recursiveDescription dump (the project's photo grid), imported first: the tap lands on a
    # cell's content view (its collection view covers the screen, so only the hit is checked).
    ("import:Tests/Data/ios-recursivedescription/hitindex-photo-grid.txt", "160,300",
     "UIView@0x7fa1c5d0fc00", None),
    # Sentry's dump, mid push transition: a full-screen view of the new screen takes a tap on the
    # old screen's "Message" button; the buttons beneath must still show through (the one below
    # "Message" is checked, away from the crosshair).
    (SENTRY, "30,118", "UIView@0x7f893fc47fd0", "UIButton@0x7f893fe31720"),
    # crifan's dump: a 1125x2001 dimming view around a 375x667 screen; a table cell is hit.
    (CRIFAN, "187,300", "UITableViewCellContentView@0x107dad8d0", "UITableViewHeaderFooterView@0x107dc4a40"),
]

# Points whose click explanation is checked against `hitindex explain`, and views whose "why not"
# is checked against `hitindex explain --why-not` at the first point.
CLICKS = [
    (SENTRY, ["30,118", "187,400", "200,40", "10,10", "300,650", "370,5"],
     ["UIButton@0x7f893fe31170", "UINavigationBar@0x7f893fe16f70", "UIImageView@0x7f893fc47da0"]),
    (CRIFAN, ["187,300", "20,60", "300,600", "360,650"],
     ["UITextField@0x10814f400", "UIDimmingView@0x107eac170"]),
    ("Examples/seed003.json", ["210,170", "5,5"], ["UILabel"]),
    ("Examples/tabbar-widened.json", ["240,785", "240,820"], ["Compose", "TabBar"]),
    ("Tests/HitIndexTests/Scenarios/passthrough_redirect.json", ["50,50", "20,20", "175,25", "275,175"],
     ["Target", "Page", "PassRedirectChild"]),
    ("Tests/HitIndexTests/Scenarios/windows.json", ["10,10", "50,50"], []),
    ("Tests/HitIndexTests/Scenarios/outside_bounds.json", ["10,10", "120,40"], []),
]
HIT = (185, 226, 196)


def green(rgb):
    """The hit fill (#2da44e at 35 %) over white (185, 226, 196), or over a view drawn behind it:
    clearly more green than red and blue."""
    r, g, b = rgb
    return g - r >= 25 and g - b >= 12


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def read_png(path):
    """Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes) into rows."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unsupported PNG"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return rows


def run(hitindex, *args):
    return subprocess.run([hitindex, *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def dom(browser, url):
    """The page's DOM after its scripts ran."""
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url],
                          check=True, capture_output=True, text=True).stdout


def element(page, name):
    """The text of the element with id `name` (a <pre>), unescaped, and its attributes."""
    m = re.search(r'<pre id="' + name + r'"([^>]*)>(.*?)</pre>', page, re.S)
    attributes = {k: markup.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', m.group(1))}
    return markup.unescape(m.group(2)), attributes


def readable(v):
    """A number as the page writes it (JavaScript's Math.round(v * 100) / 100)."""
    if math.isnan(v) or math.isinf(v):
        return str(v)
    r = math.floor(v * 100 + 0.5) / 100
    return str(int(r)) if r == int(r) and abs(r) < 1e15 else repr(r)


# A number standing alone (not part of an id such as UIView@0x7f893fe58e80 or SubView3).
NUMBER = re.compile(r"(?<![\w@.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])")


def normalized(lines):
    """Lines with every number rounded for reading, as the page rounds them."""
    return [NUMBER.sub(lambda m: readable(float(m.group())), line.rstrip()) for line in lines]


def html_agrees(hitindex, browser, scene, touch, html, out):
    """The HTML page's click-to-query search, run by the browser on the edge points of every
    view, must answer as the reference does."""
    run(hitindex, "explain", scene, touch, "--html", html)
    check = element(dom(browser, "file://" + html + "#edges"), "check")[0].strip().splitlines()
    points = [line.split(" ")[0] for line in check]
    answers = [line.split(" ", 1)[1] for line in check]
    listing = os.path.join(out, os.path.basename(scene) + ".points")
    open(listing, "w").write("\n".join(points) + "\n")
    reference = run(hitindex, "query", scene, "--engine", "reference", "--points", listing).splitlines()
    wrong = [(p, a, r) for p, a, r in zip(points, answers, reference) if a != r]
    if len(check) < 9 or len(reference) != len(points) or wrong:
        print(f"explain-screenshots: {scene}: the page's search disagrees with the reference on "
              f"{len(wrong)} of {len(points)} edge points, e.g. {wrong[:3]}", file=sys.stderr)
        return False
    print(f"{scene}: the page's search agrees with the reference on {len(points)} edge points")
    return True


def layout_ok(browser, scene, html):
    """The page's #layout hook: label lines apart, in their boxes, off the crosshair; the legend
    holds its text; measured by the browser."""
    result = element(dom(browser, "file://" + html + "#layout"), "check")[0].strip()
    if not result.startswith("layout ok"):
        print(f"explain-screenshots: {scene}: the layout in Chromium: {result}", file=sys.stderr)
        return False
    print(f"{scene}: {result}")
    return True


def clicks_agree(hitindex, browser, scene, points, views, out):
    """A click's explanation on the page against `hitindex explain` for the same point, and the
    page's "why not" for each view against `hitindex explain --why-not` at the first point."""
    html = os.path.join(out, os.path.basename(scene) + ".click.html")
    run(hitindex, "explain", scene, points[0], "--html", html)
    failures = 0
    first = None
    for point in points:
        answer, attributes = element(dom(browser, "file://" + html + "#click=" + point), "answer")
        x, y = attributes["data-x"], attributes["data-y"]
        first = first or (x, y)
        cli = run(hitindex, "explain", scene, f"{x},{y}").splitlines()
        page, expected = normalized(answer.splitlines()), normalized(cli)
        if page != expected:
            failures += 1
            print(f"explain-screenshots: {scene}: a click at {point} ({x},{y}) explains\n  " + "\n  ".join(page) +
                  "\nbut hitindex explain prints\n  " + "\n  ".join(expected), file=sys.stderr)
        else:
            print(f"{scene}: a click at {point} explains it as hitindex explain does ({len(page)} lines)")
    for view in views:
        text = element(dom(browser, f"file://{html}#click={points[0]}&whynot={view}"), "check")[0]
        cli = run(hitindex, "explain", scene, "--why-not", view, f"{first[0]},{first[1]}").splitlines()
        # The page gives the reasons; the suggestions (each checked on a changed scene) are the
        # command's alone.
        stop = next((k for k, line in enumerate(cli) if re.match(
            r"(each of these gives|these changes together|no single change found)", line)), len(cli))
        page, expected = normalized(text.splitlines()), normalized(cli[:stop])
        if page != expected:
            failures += 1
            print(f"explain-screenshots: {scene}: why not {view} at {points[0]}: the page says\n  " +
                  "\n  ".join(page) + "\nbut hitindex explain --why-not says\n  " + "\n  ".join(expected),
                  file=sys.stderr)
        else:
            print(f"{scene}: why not {view} at {points[0]}: the page says what --why-not says ({len(page)} lines)")
    return failures


def why_not_picture_ok(hitindex, browser, scene, out):
    """`explain --why-not` on Sentry's dump: the Message button at (30, 118), 3 reasons and a
    path of 10 views (worked out in WhyNotTests.messageButtonInSentrysDump)."""
    view, touch = "UIButton@0x7f893fe31170", "30,118"
    svg = os.path.join(out, "why-not-message.svg")
    lines = run(hitindex, "explain", scene, "--why-not", view, touch, "--svg", svg).splitlines()
    reasons = [l for l in lines if re.match(r"  \d+\. ", l)]
    text = open(svg).read()
    paths = text.count('class="why-not-path"')
    tags = text.count('class="tag"')
    problems = []
    if paths != 10:
        problems.append(f"{paths} views outlined on the path, expected 10")
    if tags != len(reasons) or len(reasons) != 3:
        problems.append(f"{tags} tags for {len(reasons)} reasons, expected 3 of each")
    vb = [float(v) for v in re.search(r'viewBox="([^"]+)"', text).group(1).split()]
    width = float(re.search(r' width="([^"]+)"', text).group(1))
    scale = width / vb[2]
    png = os.path.join(out, "why-not-message.png")
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={png}", f"--window-size={int(width) + 1},{int(vb[3] * scale) + 1}",
                    "file://" + svg], check=True, capture_output=True)
    rows = read_png(png)
    # The button's on-screen part: x from 0 to 59.5, y from 103 to 133 (its frame, worked out in
    # WhyNotTests). Count the path colour #bf3989 there, within a small tolerance.
    magenta = 0
    for y in range(int((103 - vb[1]) * scale), int((133 - vb[1]) * scale)):
        for x in range(int((0 - vb[0]) * scale), int((59.5 - vb[0]) * scale)):
            r, g, b = rows[y][x][:3]
            magenta += abs(r - 0xbf) < 40 and abs(g - 0x39) < 40 and abs(b - 0x89) < 40
    if magenta < 20:
        problems.append(f"only {magenta} pixels of the path colour on the button")
    if problems:
        print(f"explain-screenshots: {scene} --why-not {view}: " + "; ".join(problems) + f"; {png}", file=sys.stderr)
        return 1
    print(f"{scene} --why-not {view} {touch}: {paths} views on the path, {tags} tags, "
          f"{magenta} path-colour pixels on the button")
    return 0


def main():
    args = sys.argv[1:]
    hitindex = os.path.join(ROOT, ".build/release/hitindex")
    if "--hitindex" in args:
        hitindex = os.path.abspath(args[args.index("--hitindex") + 1])
    browser = chromium()
    if browser is None and "--install" in args:
        print("explain-screenshots: installing chromium from Debian's packages", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium", "fonts-liberation"], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        browser = chromium()
    if browser is None:
        print("explain-screenshots: no Chromium (run with --install)", file=sys.stderr)
        return 2
    failures = 0
    out = os.path.abspath(args[args.index("--out") + 1]) if "--out" in args else tempfile.mkdtemp(
        prefix="hitindex-screens-")
    os.makedirs(out, exist_ok=True)
    imported = {}

    def scene_file(scene):
        if not scene.startswith("import:"):
            return scene
        if scene not in imported:
            dump = scene[len("import:"):]
            imported[scene] = os.path.join(out, os.path.basename(dump) + ".json")
            with open(imported[scene], "w") as f:
                f.write(run(hitindex, "import", "--from", "recursive-description", dump))
        return imported[scene]

    for scene, touch, hit, missed in CASES:
        scene = scene_file(scene)
        svg = os.path.join(out, os.path.basename(scene) + ".svg")
        run(hitindex, "explain", scene, touch, "--svg", svg)
        text = open(svg).read()
        vb = [float(v) for v in re.search(r'viewBox="([^"]+)"', text).group(1).split()]
        width = float(re.search(r' width="([^"]+)"', text).group(1))
        scale = width / vb[2]
        png = os.path.join(out, os.path.basename(scene) + ".png")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={png}", f"--window-size={int(width) + 1},{int(vb[3] * scale) + 1}",
                        "file://" + svg], check=True, capture_output=True)
        rows = read_png(png)

        def at(image, view, local):
            x, y = (float(v) for v in run(hitindex, "convert", scene, local, "--from", view, "--to", "screen").split())
            return image[int((y - vb[1]) * scale)][int((x - vb[0]) * scale)]

        def rect(view):
            # The view's bounds, and the band inside its edge if it is outlined, from the SVG.
            group = re.search(r"<title>" + re.escape(view) + r" \(.*?</title><rect x=\"([-\d.e]+)\" y=\"([-\d.e]+)\" "
                              r"width=\"([-\d.e]+)\" height=\"([-\d.e]+)\"[^>]*/>(<rect class=\"band\" x=\"([-\d.e]+)\")?",
                              text)
            x, y, w, h = (float(v) for v in group.groups()[:4])
            band = float(group.group(6)) - x if group.group(6) else None
            return x, y, w, h, band

        def hit_colour(image):
            # Filled: inside, at 80 % of the bounds; outlined: two of three points on the band.
            x, y, w, h, band = rect(hit)
            if band is None:
                return green(at(image, hit, f"{x + 0.8 * w},{y + 0.8 * h}")), "filled"
            shown = [green(at(image, hit, f"{x + band},{y + f * h}")) for f in (0.3, 0.5, 0.7)]
            return sum(shown) >= 2, "outlined with a band"

        shown, how = hit_colour(rows)
        mx, my, mw, mh, _ = rect(missed) if missed else (0, 0, 0, 0, None)
        other = at(rows, missed, f"{mx + 0.8 * mw},{my + 0.8 * mh}") if missed else (255, 255, 255)
        if not shown or green(other):
            failures += 1
            print(f"explain-screenshots: {scene} {touch}: {hit} ({how}) does not show the hit colour, or {missed} "
                  f"shows it ({other}; hit colour {HIT}); screenshot {png}", file=sys.stderr)
        else:
            against = f"{missed} does not {other}" if missed else "no missed view checked"
            print(f"{scene} {touch}: {hit} shows the hit colour ({how}); {against}")
        html = os.path.join(out, os.path.basename(scene) + ".html")
        failures += 0 if html_agrees(hitindex, browser, scene, touch, html, out) else 1
        failures += 0 if layout_ok(browser, scene, html) else 1
        shot = os.path.join(out, os.path.basename(scene) + ".html.png")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={shot}", f"--window-size={int(width) + 580},{int(vb[3] * scale) + 1}",
                        "file://" + html], check=True, capture_output=True)
        if not hit_colour(read_png(shot))[0]:
            failures += 1
            print(f"explain-screenshots: {scene}: the HTML page does not show {hit} in the hit colour; {shot}",
                  file=sys.stderr)
    # A --why-not picture on a real dump: every view of the path outlined in the path's colour,
    # one tag per reason the command prints, and the outline visible on screen at the button.
    failures += why_not_picture_ok(hitindex, browser, scene_file(SENTRY), out)
    # A click's explanation and "why not" against the command's text.
    for scene, points, views in CLICKS:
        failures += clicks_agree(hitindex, browser, scene_file(scene), points, views, out)
    # Every scenario scene (transforms, flips, singular transforms, shapes, scrolling, windows,
    # redirects): the page's search against the reference.
    scenarios = os.path.join(ROOT, "Tests/HitIndexTests/Scenarios")
    for name in sorted(os.listdir(scenarios)):
        if name.endswith(".json"):
            scene = os.path.join("Tests/HitIndexTests/Scenarios", name)
            failures += 0 if html_agrees(hitindex, browser, scene, "10,10", os.path.join(out, name + ".html"), out) else 1
    print(f"explain-screenshots: pictures in {out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
