#!/usr/bin/env python3
"""Renders `hitindex explain --svg` and `--html` pictures in headless Chromium and checks their
pixels, and runs the HTML page's click-to-query search on every view's edge points against
`hitindex query --engine reference`. Pixels: at a
point inside the hit view (away from the touch's crosshair and the labels) the screenshot must
show the hit colour (#2da44e at 35 %, over white or an ancestor's light fill), and at a point
of a view that was searched and missed, or skipped, it must not. Standard library only; Chromium comes from
Debian's packages (installed with --install when missing). CI runs it when Chromium is there.

    python3 Tests/Browser/explain-screenshots.py [--install] [--hitindex .build/release/hitindex]
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# (scene, touch, the hit view, a view searched and missed or not hit), scenes of the repository.
CASES = [
    ("Examples/seed000.json", "220,193", "SubView3", "SubView4"),
    ("Examples/seed000-widened.json", "220,193", "SubView3", "SubView4"),
    # Seed 003's tap (cli.md's explain example): DView under an interaction-disabled label.
    ("Examples/seed003.json", "210,170", "DView", None),
    ("Tests/HitIndexTests/Scenarios/passthrough_redirect.json", "50,50", "Under", "Pager"),
    ("Tests/HitIndexTests/Scenarios/rotation.json", "100,100", "R90", "R45"),
    # The widened tab-bar button whose widened part the tab bar clips: the touch goes to the feed.
    ("Examples/tabbar-widened.json", "240,785", "Feed", "TabBar"),
    # A recursiveDescription dump (the project's photo grid), imported first: the tap lands on a
    # cell's content view (its collection view covers the screen, so only the hit is checked).
    ("import:Tests/Data/ios-recursivedescription/hitindex-photo-grid.txt", "160,300",
     "UIView@0x7fa1c5d0fc00", None),
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


def html_agrees(hitindex, browser, scene, touch, html, out):
    """The HTML page's click-to-query search, run by the browser on the edge points of every
    view, must answer as the reference does."""
    run(hitindex, "explain", scene, touch, "--html", html)
    dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                          "file://" + html + "#edges"], check=True, capture_output=True, text=True).stdout
    check = re.search(r'<pre id="check">(.*?)</pre>', dom, re.S).group(1).strip().splitlines()
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


def run(hitindex, *args):
    return subprocess.run([hitindex, *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def main():
    args = sys.argv[1:]
    hitindex = os.path.join(ROOT, ".build/release/hitindex")
    if "--hitindex" in args:
        hitindex = os.path.abspath(args[args.index("--hitindex") + 1])
    browser = chromium()
    if browser is None and "--install" in args:
        print("explain-screenshots: installing chromium from Debian's packages", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        browser = chromium()
    if browser is None:
        print("explain-screenshots: no Chromium (run with --install)", file=sys.stderr)
        return 2
    failures = 0
    out = tempfile.mkdtemp(prefix="hitindex-screens-")
    for scene, touch, hit, missed in CASES:
        if scene.startswith("import:"):
            dump = scene[len("import:"):]
            scene = os.path.join(out, os.path.basename(dump) + ".json")
            with open(scene, "w") as f:
                f.write(run(hitindex, "import", "--from", "recursive-description", dump))
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

        def pixel(view, local):
            x, y = (float(v) for v in run(hitindex, "convert", scene, local, "--from", view, "--to", "screen").split())
            return rows[int((y - vb[1]) * scale)][int((x - vb[0]) * scale)]

        def bounds_point(view, fx, fy):
            # A point at fractions of the view's bounds, read from the SVG's own rect for it.
            group = re.search(r"<title>" + re.escape(view) + r" \(.*?</title><rect x=\"([-\d.e]+)\" y=\"([-\d.e]+)\" "
                              r"width=\"([-\d.e]+)\" height=\"([-\d.e]+)\"", text)
            x, y, w, h = (float(v) for v in group.groups())
            return f"{x + fx * w},{y + fy * h}"

        inside = pixel(hit, bounds_point(hit, 0.8, 0.8))
        other = pixel(missed, bounds_point(missed, 0.8, 0.8)) if missed else (255, 255, 255)
        if not green(inside) or green(other):
            failures += 1
            print(f"explain-screenshots: {scene} {touch}: {hit} at {inside}, {missed} at {other} "
                  f"(hit colour {HIT}); screenshot {png}", file=sys.stderr)
        else:
            against = f"{missed} does not {other}" if missed else "no missed view checked"
            print(f"{scene} {touch}: {hit} shows the hit colour {inside}; {against}")
        html = os.path.join(out, os.path.basename(scene) + ".html")
        failures += 0 if html_agrees(hitindex, browser, scene, touch, html, out) else 1
        shot = os.path.join(out, os.path.basename(scene) + ".html.png")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={shot}", f"--window-size={int(width) + 460},{int(vb[3] * scale) + 1}",
                        "file://" + html], check=True, capture_output=True)
        page = read_png(shot)
        x, y = (float(v) for v in run(hitindex, "convert", scene, bounds_point(hit, 0.8, 0.8), "--from", hit,
                                      "--to", "screen").split())
        if not green(page[int((y - vb[1]) * scale)][int((x - vb[0]) * scale)]):
            failures += 1
            print(f"explain-screenshots: {scene}: the HTML page does not show {hit} in the hit colour; {shot}",
                  file=sys.stderr)
    # Every scenario scene (transforms, flips, singular transforms, shapes, scrolling, windows,
    # redirects): the page's search against the reference.
    scenarios = os.path.join(ROOT, "Tests/HitIndexTests/Scenarios")
    for name in sorted(os.listdir(scenarios)):
        if name.endswith(".json"):
            scene = os.path.join("Tests/HitIndexTests/Scenarios", name)
            failures += 0 if html_agrees(hitindex, browser, scene, "10,10", os.path.join(out, name + ".html"), out) else 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
