import HitIndex

/// The picture as one self-contained HTML page: the SVG, a panel that names the view under the
/// mouse (id, class, label, frame, what the search did with it), and a click that explains any
/// point as `hitindex explain` prints it, from the scene embedded in the page. The page's search
/// is a few lines of JavaScript written with the reference's operations in the reference's order
/// (the canonical conversion, the half-open hit region, eligibility before pointInside,
/// subviews front to back, redirects); its explanation follows the index's (views judged front
/// to back until the winner, each with the first failure on its ancestor chain).
extension ExplainPicture {
    /// Scenes up to this size are embedded for click-to-explain; larger ones only hover.
    static let embeddedViewLimit = 50_000

    /// The HTML document for `scene` (the scene the picture was made from).
    /// - Complexity: O(n) for n views up to ``embeddedViewLimit``, else O(views drawn); plus the
    ///   picture's layout (see ``layout()``).
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
        // One row per view: its placement and inverse (0-9), hit region extents and corner
        // radius (10-14), screen transform (15-20), shape (21), flags (22: 1 eligible, 2
        // pass-through, 4 hit-tests subviews outside its bounds, 8 hidden, 16 interaction off,
        // 32 alpha below 0.01), redirect (23), subviews (24), id (25), class (26), superview (27),
        // label (28), alpha as Swift prints the Float (29).
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
            let a = v.attributes
            var flags =
                (v.isHitTestable ? 1 : 0) | (v.isPassThrough ? 2 : 0) | (v.hitTestsSubviewsOutsideBounds ? 4 : 0)
            flags |= (a.isHidden ? 8 : 0) | (a.isUserInteractionEnabled ? 0 : 16) | (Double(a.alpha) < 0.01 ? 32 : 0)
            let parent = v.superview.flatMap { index[ObjectIdentifier($0)] } ?? -1
            let numbers =
                [p.center.x, p.center.y, i.a, i.b, i.c, i.d, i.tx, i.ty, p.anchorOffset.x, p.anchorOffset.y]
                + [e.minX, e.minY, e.maxX, e.maxY, radius, s.a, s.b, s.c, s.d, s.tx, s.ty]
            data += "[\(numbers.map(js).joined(separator: ",")),\(shape),\(flags),\(redirect),[\(children)],"
            data += "\(jsString(v.id)),\(jsString(v.className)),\(parent),"
            data += "\(v.label.map { jsString($0) } ?? "null"),\(jsString(a.alpha.description))],\n"
        }
        data += "];\nconst WINDOWS = ["
        data += (embed ? scene.windowsFrontToBack.map { String(index[ObjectIdentifier($0)]!) } : []).joined(
            separator: ",")
        data += "];\n"
        // What the panel shows for each drawn view, numbers rounded for reading.
        let r = Self.readable
        data += "const INFO = {\n"
        for (k, item) in items.enumerated() {
            let b = item.view.bounds
            let c = item.view.center
            var text = "\(Self.describe(item.view, alwaysClass: true))\nbounds [\(r(b.origin.x)), \(r(b.origin.y)), "
            text += "\(r(b.size.width)), \(r(b.size.height))], center [\(r(c.x)), \(r(c.y))]\n\(item.outcome.label)"
            if let note = item.note { text += ": \(note)" }
            if let reason = item.blockingReason { text += "\nkeeps the touch from \(whyNotTarget ?? ""): \(reason)" }
            if let t = item.localTouch { text += "\ntouch in its bounds space: \(r(t.x)), \(r(t.y))" }
            data += "\(k): \(jsString(text)),\n"
        }
        data += "};\nconst ITEM_VIEW = ["
        data += items.map { String(index[ObjectIdentifier($0.view)] ?? -1) }.joined(separator: ",") + "];\n"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>hitindex explain: touch at \(touch.x.description), \(touch.y.description)</title>
            <style>
            body { margin: 0; font: 14px Helvetica, Arial, sans-serif; display: flex; align-items: flex-start; }
            #picture { flex: 0 0 auto; } #picture svg { display: block; cursor: crosshair; }
            #panel { padding: 12px; max-width: 560px; }
            #panel pre { white-space: pre-wrap; font: 12px Menlo, Consolas, monospace; margin: 8px 0; }
            #here button { font: 12px Helvetica, Arial, sans-serif; margin: 2px 4px 2px 0; }
            g[data-v]:hover > rect:first-of-type { stroke-width: 4px; }
            .clicked > rect:first-of-type { stroke: #cf222e !important; stroke-width: 4px; }
            .asked > rect:first-of-type { stroke: #bf3989 !important; stroke-width: 4px; }
            </style></head>
            <body>
            <div id="picture">\(svg())</div>
            <div id="panel"><b>hitindex explain</b>
            <div>Hover a view to see its id, class, frame and what the search did with it. \
            \(embed ? "Click anywhere for the explanation <code>hitindex explain</code> prints for that point, then ask why not any view there." : "(The scene is too large to embed: no click-to-explain.)")</div>
            <pre id="answer"></pre><div id="here"></div><pre id="whynot"></pre><pre id="hover"></pre><pre id="check"></pre></div>
            <script>
            \(data)\(Self.script)
            </script>
            </body></html>

            """
    }

    /// The page's script: the search, the explanation, why-not, hover and click, and the test
    /// hooks `Tests/Browser/explain-screenshots.py` uses.
    static let script = #"""
        // Numbers for reading: at most two decimals ("37.5", "210", "0.33").
        function fmt(v) {
          if (!isFinite(v)) return isNaN(v) ? "nan" : (v < 0 ? "-inf" : "inf");
          const r = Math.round(v * 100) / 100;
          return String(r === 0 ? 0 : r);
        }
        // A view as `hitindex explain` names it: its id, and its label in quotes when it has one.
        function label(k) { return V[k][25] + (V[k][28] ? ' "' + V[k][28] + '"' : ""); }
        const nm = label;
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
        // Every view in paint order: windows back to front, each in preorder.
        function paintOrder() {
          const order = [];
          for (let w = WINDOWS.length - 1; w >= 0; w--) {
            const stack = [WINDOWS[w]];
            while (stack.length) {
              const v = stack.pop(); order.push(v);
              const c = V[v][24];
              for (let i = c.length - 1; i >= 0; i--) stack.push(c[i]);
            }
          }
          return order;
        }
        // What `hitindex explain` works out (the index's explain): views judged front to back until
        // the winner; each view's touch, whether its hit area holds it, and the first failure on its
        // ancestor chain (the outermost ineligible ancestor, or one whose hit area excludes the touch
        // and does not hit-test subviews outside its bounds), each from its superview's.
        function explain(x, y, limit) {
          const e = { x: x, y: y, result: query(x, y), winner: -1, redirectedBy: -1, path: [], rejected: [], holding: [] };
          if (!(isFinite(x) && isFinite(y))) return e;
          const n = V.length, known = new Uint8Array(n), ins = new Uint8Array(n);
          const px = new Float64Array(n), py = new Float64Array(n), inherited = new Array(n).fill(null);
          function work(v) {
            const pending = [];
            for (let c = v; c >= 0 && !known[c]; c = V[c][27]) pending.push(c);
            while (pending.length) {
              const u = pending.pop(), parent = V[u][27];
              const p = toLocal(V[u], parent < 0 ? [x, y] : [px[parent], py[parent]]);
              px[u] = p[0]; py[u] = p[1]; ins[u] = inside(V[u], p) ? 1 : 0; known[u] = 1;
              if (parent < 0) continue;
              if (inherited[parent]) inherited[u] = inherited[parent];
              else if (!(V[parent][22] & 1)) inherited[u] = ["ineligibleAncestor", parent];
              else if (!ins[parent] && !(V[parent][22] & 4)) inherited[u] = ["outsideAncestor", parent];
            }
          }
          const order = paintOrder();
          for (let i = order.length - 1; i >= 0; i--) {
            const v = order[i];
            work(v);
            if (!ins[v]) continue;
            if (v !== e.result) e.holding.push(v);
            if (e.winner >= 0) continue;
            const f = V[v][22];
            const own = (f & 1) ? null : (f & 8) ? ["hidden"] : (f & 16) ? ["interactionDisabled"] : ["transparent"];
            const reason = inherited[v] || own || ((f & 2) ? ["passThrough"] : null);
            if (reason) { if (e.rejected.length < limit) e.rejected.push([v, reason]); continue; }
            const chain = [];
            for (let c = v; c >= 0; c = V[c][27]) chain.push(c);
            chain.reverse();
            e.winner = v;
            e.path = chain.map((c) => [c, px[c], py[c], ins[c]]);
            const by = chain.find((c) => V[c][23] >= 0);
            e.redirectedBy = by === undefined ? -1 : by;
          }
          return e;
        }
        // The explanation as `hitindex explain` prints it (Sources/HitIndexCLI/Explain.swift), numbers rounded.
        function ineligibilities(k) {
          const f = V[k][22], found = [];
          if (f & 8) found.push("isHidden = YES");
          if (f & 32) found.push("alpha " + V[k][29] + ", below 0.01");
          if (f & 16) found.push("userInteractionEnabled = NO");
          return found;
        }
        function reasonText(r) {
          switch (r[0]) {
            case "hidden": return "hidden (isHidden = YES)";
            case "transparent": return "alpha below 0.01";
            case "interactionDisabled": return "userInteractionEnabled = NO";
            case "ineligibleAncestor": return "ancestor " + nm(r[1]) + " has " + ineligibilities(r[1]).join(" and ");
            case "outsideAncestor":
              return "outside the hit area of " + (V[r[1]][27] < 0 ? "window " : "ancestor ") + nm(r[1]) +
                ", whose subviews are searched only inside it";
            default: return "pass-through (never the result itself)";
          }
        }
        function explanationText(e) {
          const lines = ["touch at " + fmt(e.x) + ", " + fmt(e.y)];
          lines.push(e.result >= 0 ? "hit: " + nm(e.result) : "hit: nil (no window's hit-test returned a view)");
          if (e.winner >= 0 && e.redirectedBy >= 0) {
            lines.push("  " + nm(e.winner) + " won, and " + nm(e.redirectedBy) + " redirects every hit in its subtree to " +
              (e.result >= 0 ? nm(e.result) : "nil"));
          }
          if (e.path.length) {
            lines.push("path, window first (touch in each view's bounds space):");
            for (const [c, x, y, isIn] of e.path) {
              lines.push("  " + nm(c) + " (" + fmt(x) + ", " + fmt(y) + "): " + (isIn ? "inside its hit area" :
                "outside its hit area, searched because it hit-tests subviews outside its bounds"));
            }
          }
          if (e.rejected.length) {
            lines.push("in front, holding the touch in their own hit area, but not hit:");
            for (const [v, r] of e.rejected) lines.push("  " + nm(v) + ": " + reasonText(r));
          }
          return lines;
        }
        // "Why not this one?", as `hitindex explain --why-not` says it (HitIndexReference's WhyNot):
        // every reason, in the order the search meets them. Numbers as it writes them: whole, or
        // to two decimals marked "≈" when rounded.
        function short(v) {
          if (v === Math.round(v) && Math.abs(v) < 1e15) return String(v === 0 ? 0 : v);
          const r = Math.sign(v) * Math.round(Math.abs(v) * 100) / 100;
          // Swift prints a whole Double with ".0", and keeps the sign of zero.
          const swift = Number.isInteger(r) ? (Object.is(r, -0) ? "-0" : String(r)) + ".0" : String(r);
          return r === v ? String(v) : "≈" + swift;
        }
        const shortPoint = (p) => "(" + short(p[0]) + ", " + short(p[1]) + ")";
        const shortRect = (v) => "(" + short(v[10]) + ", " + short(v[11]) + ", " + short(v[12] - v[10]) + ", " + short(v[13] - v[11]) + ")";
        // How a view the search tries returns a view: the deepest view whose own hit area holds the
        // touch, the outermost redirect on the way, the views reached outside their hit area.
        function capture(k, p) {
          const returned = [], outside = new Set();
          function walk(i, q) {
            const v = V[i];
            if (!(v[22] & 1)) return -1;
            const isIn = inside(v, q);
            if (!isIn) outside.add(i);
            if (!isIn && !(v[22] & 4)) return -1;
            const ch = v[24];
            for (let c = ch.length - 1; c >= 0; c--) {
              const hit = walk(ch[c], toLocal(V[ch[c]], q));
              if (hit >= 0) { returned.push(i); return v[23] >= 0 ? v[23] : hit; }
            }
            if (isIn && !(v[22] & 2)) { returned.push(i); return v[23] >= 0 ? v[23] : i; }
            return -1;
          }
          const result = walk(k, p);
          if (result < 0) return null;
          const chain = returned.slice().reverse();
          const by = chain.find((c) => V[c][23] >= 0);
          return { result: result, deepest: returned[0], redirectedBy: by === undefined ? -1 : by,
                   outsideBounds: chain.filter((c) => outside.has(c)) };
        }
        function describeCapture(c, root) {
          let t = c.deepest === root ? "its own hit area holds the touch" :
            V[c.deepest][27] === root ? "the hit area of its subview " + label(c.deepest) + " holds the touch" :
            "the hit area of " + label(c.deepest) + ", inside it, holds the touch";
          if (c.redirectedBy >= 0) {
            t += ", and " + (c.redirectedBy === root ? "it" : label(c.redirectedBy)) + " redirects the hit to " + label(c.result);
          }
          if (c.outsideBounds.length) {
            t += " (reached outside the hit area of " + c.outsideBounds.map(label).join(", ") +
              ", which hit-tests subviews outside its bounds)";
          }
          return t;
        }
        function whyNot(k, x, y) {
          const result = query(x, y), reasons = [], path = [];
          // Off the screen: no window's hit area holds the touch, and none searches outside it.
          if (!WINDOWS.some((w) => inside(V[w], toLocal(V[w], [x, y])) || (V[w][22] & 4))) {
            reasons.push("the touch is outside every window");
          }
          const chain = [];
          for (let c = k; c >= 0; c = V[c][27]) chain.push(c);
          chain.reverse();
          const owner = (v) => v === k ? "it" : V[v][27] < 0 ? "its window " + label(v) : "its ancestor " + label(v);
          let stopped = false, delivered = -1;
          for (const w of WINDOWS) {
            if (w === chain[0]) break;
            const c = capture(w, toLocal(V[w], [x, y]));
            if (!c) continue;
            // A window in front that redirects to the view delivers it: nothing after matters.
            if (c.result === k) { stopped = true; break; }
            reasons.push("window " + label(w) + " is in front and takes the touch: " + describeCapture(c, w));
          }
          // A view on the path that redirects to the view: any hit below it gives it the touch.
          const toView = chain.findIndex((c) => V[c][23] === k);
          const last = toView >= 0 ? toView : chain.length - 1;
          let p = toLocal(V[chain[0]], [x, y]);
          for (let i = 0; i <= last && !stopped; i++) {
            const v = chain[i], f = V[v][22], kids = V[v][24];
            if (i > 0) p = toLocal(V[v], p);
            const isIn = inside(V[v], p);
            path.push("  " + label(v) + " " + shortPoint(p) + ": " + (isIn ? "inside its hit area" : "outside its hit area"));
            const whose = owner(v);
            const so = v === k ? "so it is never hit" : "so nothing inside it is hit";
            const found = reasons.length;
            if (f & 8) reasons.push(whose + " is hidden (isHidden = YES), " + so);
            if (f & 32) reasons.push(whose + " has alpha " + V[v][29] + ", below 0.01, " + so);
            if (f & 16) reasons.push(whose + " has userInteractionEnabled = NO, " + so);
            const isView = i === chain.length - 1, anyHitWillDo = i === toView;
            if (!isIn && ((isView && !anyHitWillDo) || !(f & 4))) {
              const at = "the touch is " + shortPoint(p) + " in its space, its hit rect " + shortRect(V[v]);
              if (v === k) reasons.push("the touch is outside its own hit area: " + at + " (bounds, hitTestInsets)");
              else reasons.push("the touch is outside the hit area of " + (V[v][27] < 0 ? "its window " : "its ancestor ") +
                label(v) + ", whose subviews are searched only inside it: " + at +
                " (bounds, hitTestInsets, or hitTestsSubviewsOutsideBounds)");
            }
            if (anyHitWillDo) {
              if (reasons.length === found && hitTest(v, p) < 0) {
                reasons.push(whose + " redirects every hit in its subtree to it, but nothing there takes this touch");
              }
              continue;
            }
            // In front of the path (at the view, its own subviews): the first capture is what the
            // search returns here; one that redirects to the view delivers it.
            for (let c = kids.length - 1; c >= 0 && (isView || kids[c] !== chain[i + 1]); c--) {
              const cap = capture(kids[c], toLocal(V[kids[c]], p));
              if (!cap) continue;
              if (cap.result === k) { delivered = i; stopped = true; break; }
              if (isView) {
                reasons.push("its subview " + label(kids[c]) + " takes the touch first: " + describeCapture(cap, kids[c]));
                break;
              }
              reasons.push(label(kids[c]) + ", in front of the path in " + label(v) + ", takes the touch first: " +
                describeCapture(cap, kids[c]));
            }
            if (!stopped && isView && (f & 2)) reasons.push("it is pass-through: its hitTest never returns itself, only its subviews");
          }
          // On the way back up, the outermost redirect wins; one that names the view hides those below.
          const top = delivered >= 0 ? delivered : last;
          for (let i = 0; i <= top && !(stopped && delivered < 0); i++) {
            const v = chain[i], target = V[v][23];
            if (target < 0) continue;
            if (target === k) break;
            reasons.push(owner(v) + " redirects every hit in its subtree to " + label(target));
          }
          const at = "at " + shortPoint([x, y]) + " on the screen";
          const verdict = result === k ? label(k) + " gets the touch " + at :
            label(k) + " does not get the touch " + at + ": " + (reasons.length === 1 ? "1 reason" : reasons.length + " reasons") +
            "; " + (result >= 0 ? "the touch goes to " + label(result) : "no view gets the touch");
          const lines = [verdict, "path, window first (the touch in each view's bounds space):"].concat(path);
          if (reasons.length) {
            lines.push("why not, in the order the search meets it:");
            reasons.forEach((r, i) => lines.push("  " + (i + 1) + ". " + r));
          }
          return lines;
        }
        const svg = document.querySelector("#picture svg");
        for (const g of document.querySelectorAll("g[data-v]")) {
          g.addEventListener("mouseenter", () => { document.getElementById("hover").textContent = INFO[g.dataset.v]; });
        }
        function mark(cls, view) {
          for (const g of document.querySelectorAll("." + cls)) g.classList.remove(cls);
          for (const g of document.querySelectorAll("g[data-v]")) {
            if (view >= 0 && ITEM_VIEW[g.dataset.v] === view) g.classList.add(cls);
          }
        }
        function showWhyNot(k, x, y) {
          mark("asked", k);
          document.getElementById("whynot").textContent = whyNot(k, x, y).join("\n");
        }
        function explainPoint(x, y) {
          const e = explain(x, y, 10);
          mark("clicked", e.result);
          mark("asked", -1);
          const answer = document.getElementById("answer");
          answer.textContent = explanationText(e).join("\n");
          answer.dataset.x = String(x); answer.dataset.y = String(y);
          const here = document.getElementById("here");
          here.textContent = e.holding.length ? "Why not…" : "";
          for (const v of e.holding.slice(0, 12)) {
            const b = document.createElement("button");
            b.textContent = label(v);
            b.addEventListener("click", () => showWhyNot(v, x, y));
            here.appendChild(b);
          }
          document.getElementById("whynot").textContent = "";
        }
        svg.addEventListener("click", (event) => {
          if (V.length === 0) return;
          const pt = svg.createSVGPoint(); pt.x = event.clientX; pt.y = event.clientY;
          const q = pt.matrixTransform(svg.getScreenCTM().inverse());
          // Where the click landed: a blue ring (the picture's own touch is the red crosshair).
          let ring = document.getElementById("clicked-point");
          if (!ring) {
            ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
            ring.id = "clicked-point";
            const r = svg.viewBox.baseVal.height / 90;
            ring.setAttribute("r", r); ring.setAttribute("fill", "none");
            ring.setAttribute("stroke", "#0969da"); ring.setAttribute("stroke-width", r / 3);
            svg.appendChild(ring);
          }
          ring.setAttribute("cx", q.x); ring.setAttribute("cy", q.y);
          explainPoint(q.x, q.y);
        });
        // Test hooks (Tests/Browser/explain-screenshots.py), by the page's address's #fragment.
        const hook = decodeURIComponent(location.hash.slice(1));
        const check = document.getElementById("check");
        if (hook === "edges") {
          // The corners and edge midpoints of every view's hit rect on screen, nudged by ±1e-9,
          // one "x,y id" line each.
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
          check.textContent = lines.join("\n");
        } else if (hook.startsWith("click=")) {
          // A real click at a point of the picture: the point goes to the page's coordinates and
          // back through the click handler; #answer shows what the click explains, and the point.
          const [x, y] = hook.slice(6).split("&")[0].split(",").map(Number);
          const m = svg.getScreenCTM();
          svg.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: m.a * x + m.c * y + m.e, clientY: m.b * x + m.d * y + m.f }));
          const at = hook.indexOf("&whynot=");
          if (at >= 0) {
            const id = hook.slice(at + 8), answer = document.getElementById("answer");
            const k = V.findIndex((v) => v[25] === id);
            check.textContent = k < 0 ? "no view " + id : whyNot(k, Number(answer.dataset.x), Number(answer.dataset.y)).join("\n");
          }
        } else if (hook === "layout") {
          // The picture's text measured with the browser's own fonts: label lines never overlap,
          // each lies in its label's box and off the touch's crosshair, and the legend holds its text.
          const problems = [];
          const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          const within = (a, b) => b.x <= a.x && a.x + a.width <= b.x + b.width && b.y <= a.y && a.y + a.height <= b.y + b.height;
          const texts = [...document.querySelectorAll("g.labels text")].map((t) => [t.textContent, t.getBBox()]);
          for (let i = 0; i < texts.length; i++) {
            for (let j = i + 1; j < texts.length; j++) {
              if (overlap(texts[i][1], texts[j][1])) problems.push("labels overlap: '" + texts[i][0] + "' and '" + texts[j][0] + "'");
            }
          }
          for (const g of document.querySelectorAll("g.labels g.label")) {
            const b = g.querySelector("rect.label-box").getBBox();
            for (const t of g.querySelectorAll("text, rect.tag")) {
              if (!within(t.getBBox(), b)) problems.push("'" + t.textContent + "' outside its label's box");
            }
          }
          const touch = document.querySelector("g.touch");
          if (touch) {
            for (const [text, b] of texts) if (overlap(b, touch.getBBox())) problems.push("'" + text + "' under the crosshair");
          }
          const legend = document.querySelector("rect.legend-box").getBBox();
          for (const t of document.querySelectorAll("g.legend text")) {
            if (!within(t.getBBox(), legend)) problems.push("'" + t.textContent + "' outside the legend's box");
          }
          const picture = svg.viewBox.baseVal;
          if (!within(legend, picture)) problems.push("the legend is cut off by the picture's edge");
          check.textContent = problems.length ? problems.join("\n") : "layout ok: " + texts.length + " label lines";
        }
        """#

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
