import HitIndex

/// The picture as one self-contained HTML page: the SVG, a panel that names the view under the
/// mouse (id, class, frame, what the search did with it), and a click that re-runs the query for
/// any point with the scene embedded and the search in a few lines of JavaScript, written with
/// the reference's operations in the reference's order (the canonical conversion, the half-open
/// hit region, eligibility before pointInside, subviews front to back, redirects).
extension ExplainPicture {
    /// Scenes up to this size are embedded for click-to-query; larger ones only hover.
    static let embeddedViewLimit = 50_000

    /// The HTML document for `scene` (the scene the picture was made from).
    /// - Complexity: O(n) for n views up to ``embeddedViewLimit``, else O(views drawn).
    func html(scene: Scene) -> String {
        var views: [View] = []
        var index: [ObjectIdentifier: Int] = [:]
        let embed = scene.viewCount <= Self.embeddedViewLimit
        if embed {
            scene.forEachView { v, _ in
                index[ObjectIdentifier(v)] = views.count
                views.append(v)
            }
        }
        var data = "const V = [\n"
        for v in views {
            let p = v.placement
            let i = p.inverse
            let region = v.hitRegion
            let e = region.extents
            var shape = 0
            var radius = 0.0
            switch region.shape {
            case .rect: break
            case .ellipse: shape = 1
            case .roundedRect(let r):
                shape = 2
                radius = r
            }
            let s = screenTransforms[ObjectIdentifier(v)]!
            let children = v.subviews.map { String(index[ObjectIdentifier($0)]!) }.joined(separator: ",")
            let redirect = v.redirectTarget.flatMap { index[ObjectIdentifier($0)] } ?? -1
            let flags =
                (v.isHitTestable ? 1 : 0) | (v.isPassThrough ? 2 : 0) | (v.hitTestsSubviewsOutsideBounds ? 4 : 0)
            let numbers =
                [p.center.x, p.center.y, i.a, i.b, i.c, i.d, i.tx, i.ty, p.anchorOffset.x, p.anchorOffset.y]
                + [e.minX, e.minY, e.maxX, e.maxY, radius, s.a, s.b, s.c, s.d, s.tx, s.ty]
            data += "[\(numbers.map(js).joined(separator: ",")),\(shape),\(flags),\(redirect),[\(children)],"
            data += "\(jsString(v.id)),\(jsString(v.className))],\n"
        }
        data += "];\nconst WINDOWS = ["
        data += (embed ? scene.windowsFrontToBack.map { String(index[ObjectIdentifier($0)]!) } : []).joined(
            separator: ",")
        data += "];\n"
        // What the panel shows for each drawn view.
        data += "const INFO = {\n"
        for (k, item) in items.enumerated() {
            let b = item.view.bounds
            let c = item.view.center
            var text = "\(item.view.id) (\(item.view.className))\nbounds [\(b.origin.x), \(b.origin.y), "
            text += "\(b.size.width), \(b.size.height)], center [\(c.x), \(c.y)]\n\(item.outcome.label)"
            if let note = item.note { text += ": \(note)" }
            if let t = item.localTouch { text += "\ntouch in its bounds space: \(t.x), \(t.y)" }
            data += "\(k): \(jsString(text)),\n"
        }
        data += "};\nconst ITEM_VIEW = ["
        data += items.map { String(index[ObjectIdentifier($0.view)] ?? -1) }.joined(separator: ",") + "];\n"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>hitindex explain: touch at \(touch.x.description), \(touch.y.description)</title>
            <style>
            body { margin: 0; font: 14px Helvetica, Arial, sans-serif; display: flex; }
            #picture { flex: 0 0 auto; } #picture svg { display: block; cursor: crosshair; }
            #panel { padding: 12px; white-space: pre-wrap; max-width: 420px; }
            g[data-v]:hover > rect:first-of-type { stroke-width: 4px; }
            .clicked > rect:first-of-type { stroke: #cf222e !important; stroke-width: 4px; }
            </style></head>
            <body>
            <div id="picture">\(svg())</div>
            <div id="panel"><b>hitindex explain</b>
            Hover a view to see its id, class, frame and what the search did with it. \
            \(embed ? "Click anywhere to hit-test that point." : "(The scene is too large to embed: no click-to-query.)")
            <pre id="answer"></pre><pre id="hover"></pre><pre id="check"></pre></div>
            <script>
            \(data)
            // The canonical conversion, superview -> view (docs/semantics.md §4), same operations in the same order.
            function toLocal(v, q) {
              const dx = q[0] - v[0], dy = q[1] - v[1];
              const lx = v[2] * dx + v[4] * dy + v[6], ly = v[3] * dx + v[5] * dy + v[7];
              return [lx + v[8], ly + v[9]];
            }
            // pointInside: the half-open hit rect, then the shape (HitShape.swift).
            function inside(v, p) {
              const minX = v[10], minY = v[11], maxX = v[12], maxY = v[13];
              if (!(minX <= p[0] && p[0] < maxX && minY <= p[1] && p[1] < maxY && isFinite(p[0]) && isFinite(p[1]))) return false;
              if (v[21] === 1) {
                const rx = (maxX - minX) * 0.5, ry = (maxY - minY) * 0.5;
                const nx = (p[0] - (minX * 0.5 + maxX * 0.5)) / rx, ny = (p[1] - (minY * 0.5 + maxY * 0.5)) / ry;
                return nx * nx + ny * ny < 1;
              }
              if (v[21] === 2) {
                const halfW = (maxX - minX) * 0.5, halfH = (maxY - minY) * 0.5;
                let rr = v[14] < halfW ? v[14] : halfW; rr = rr < halfH ? rr : halfH;
                const left = minX + rr, right = maxX - rr, top = minY + rr, bottom = maxY - rr;
                const ex = p[0] < left ? left - p[0] : (p[0] > right ? p[0] - right : 0);
                const ey = p[1] < top ? top - p[1] : (p[1] > bottom ? p[1] - bottom : 0);
                if (!(ex > 0 && ey > 0)) return true;
                return ex * ex + ey * ey <= rr * rr;
              }
              return true;
            }
            // hitTest: eligibility before pointInside, subviews front to back, redirects.
            function hitTest(k, p) {
              const v = V[k];
              if (!(v[22] & 1)) return -1;
              const isIn = inside(v, p);
              if (!isIn && !(v[22] & 4)) return -1;
              const children = v[24];
              for (let c = children.length - 1; c >= 0; c--) {
                const hit = hitTest(children[c], toLocal(V[children[c]], p));
                if (hit >= 0) return v[23] >= 0 ? v[23] : hit;
              }
              if (isIn && !(v[22] & 2)) return v[23] >= 0 ? v[23] : k;
              return -1;
            }
            function query(x, y) {
              for (const w of WINDOWS) { const hit = hitTest(w, toLocal(V[w], [x, y])); if (hit >= 0) return hit; }
              return -1;
            }
            const svg = document.querySelector("#picture svg");
            for (const g of document.querySelectorAll("g[data-v]")) {
              g.addEventListener("mouseenter", () => { document.getElementById("hover").textContent = INFO[g.dataset.v]; });
            }
            svg.addEventListener("click", (event) => {
              if (V.length === 0) return;
              const pt = svg.createSVGPoint(); pt.x = event.clientX; pt.y = event.clientY;
              const q = pt.matrixTransform(svg.getScreenCTM().inverse());
              const hit = query(q.x, q.y);
              for (const g of document.querySelectorAll(".clicked")) g.classList.remove("clicked");
              for (const g of document.querySelectorAll("g[data-v]")) {
                if (hit >= 0 && ITEM_VIEW[g.dataset.v] === hit) g.classList.add("clicked");
              }
              document.getElementById("answer").textContent = "touch at " + q.x + ", " + q.y + ": hit " + (hit >= 0 ? V[hit][25] : "nil");
            });
            // Test hook (Tests/Browser): #edges answers the corners and edge midpoints of every
            // view's hit rect on screen, nudged by ±1e-9, one "x,y id" line each.
            if (location.hash === "#edges") {
              const lines = [];
              for (const v of V) {
                const s = v.slice(15, 21);
                const xs = [v[10], (v[10] + v[12]) / 2, v[12]], ys = [v[11], (v[11] + v[13]) / 2, v[13]];
                for (const lx of xs) for (const ly of ys) for (const d of [-1e-9, 0, 1e-9]) {
                  const x = s[0] * lx + s[2] * ly + s[4] + d, y = s[1] * lx + s[3] * ly + s[5] - d;
                  if (!isFinite(x) || !isFinite(y)) continue;
                  const hit = query(x, y);
                  lines.push(x + "," + y + " " + (hit >= 0 ? V[hit][25] : "nil"));
                }
              }
              document.getElementById("check").textContent = lines.join("\\n");
            }
            </script>
            </body></html>

            """
    }

    /// A number as a JavaScript literal, every bit kept (Swift's shortest round-trip form).
    private func js(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-Infinity" : "Infinity" }
        return v.description
    }

    /// A string as a JavaScript literal, safe inside a script element.
    private func jsString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<": out += "\\u003c"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
