import HitIndex

/// The generator behind each ``SceneShape``. Every generator draws only from its
/// ``SeededGenerator``, so equal arguments give equal scenes.
enum Generators {
    static let screenWidth = 390.0
    static let screenHeight = 844.0

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    // MARK: ui

    static func ui(count: Int, rng: inout SeededGenerator) -> Scene {
        let window = Window(id: "W", frame: rect(0, 0, screenWidth, screenHeight))
        // A status-bar window in front: pass-through itself, with one interactive pill.
        let status = Window(id: "StatusBar", frame: rect(0, 0, screenWidth, 47), level: Window.statusBarLevel)
        status.isPassThrough = true
        let clock = View(id: "StatusBar.clock", className: "UILabel", frame: rect(24, 14, 54, 20))
        let pill = View(id: "StatusBar.pill", frame: rect(290, 10, 76, 26))
        pill.hitShape = .roundedRect(radius: 13)
        status.addSubview(clock)
        status.addSubview(pill)
        let pager = View(id: "pager", frame: rect(0, 0, screenWidth, screenHeight))
        window.addSubview(pager)
        var made = 5
        var screens = 0
        while made < count {
            let cells = rng.int(in: 20...60)
            let (screen, n) = uiScreen(index: screens, cells: cells, rng: &rng)
            pager.addSubview(screen)
            made += n
            screens += 1
        }
        // Scrolled to a middle page: the pager's bounds origin is its scroll offset.
        pager.bounds.origin.x = Double(screens / 2) * screenWidth
        return Scene(windows: [window, status])
    }

    /// One app screen at page `index`; returns the screen and its view count.
    static func uiScreen(index i: Int, cells: Int, rng: inout SeededGenerator) -> (View, Int) {
        let w = screenWidth
        let p = "s\(i)"
        let screen = View(id: p, frame: rect(Double(i) * w, 0, w, screenHeight))
        var n = 1
        func add(_ v: View, to parent: View) {
            parent.addSubview(v)
            n += 1
        }
        let nav = View(id: "\(p).nav", frame: rect(0, 0, w, 96))
        add(nav, to: screen)
        let back = View(id: "\(p).back", className: "UIButton", frame: rect(8, 56, 30, 30))
        back.minimumHitSize = Size(width: 44, height: 44)
        add(back, to: nav)
        add(View(id: "\(p).title", className: "UILabel", frame: rect(60, 56, 270, 30)), to: nav)
        let action = View(id: "\(p).action", className: "UIButton", frame: rect(346, 52, 36, 36))
        action.hitShape = .ellipse
        add(action, to: nav)

        let list = View(id: "\(p).list", className: "UIScrollView", frame: rect(0, 96, w, 664))
        let contentHeight = Double(cells) * 72
        list.bounds.origin.y = rng.grid(0, Swift.max(0, contentHeight - 664))
        add(list, to: screen)
        for j in 0..<cells {
            let c = "\(p).c\(j)"
            let cell = View(id: c, className: "UITableViewCell", frame: rect(0, Double(j) * 72, w, 72))
            add(cell, to: list)
            add(View(id: "\(c).icon", className: "UIImageView", frame: rect(16, 12, 48, 48)), to: cell)
            add(View(id: "\(c).title", className: "UILabel", frame: rect(76, 12, 220, 24)), to: cell)
            add(View(id: "\(c).detail", className: "UILabel", frame: rect(76, 38, 220, 20)), to: cell)
            if j % 7 == 3 {
                let toggle = View(id: "\(c).switch", className: "UISwitch", frame: rect(323, 20, 51, 31))
                toggle.hitShape = .roundedRect(radius: 15.5)
                add(toggle, to: cell)
            } else {
                let accessory = View(id: "\(c).more", className: "UIButton", frame: rect(338, 22, 28, 28))
                accessory.hitTestInsets = EdgeInsets(top: -8, left: -8, bottom: -8, right: -8)
                add(accessory, to: cell)
            }
            let separator = View(id: "\(c).sep", frame: rect(76, 71.5, 314, 0.5))
            separator.alpha = 0
            add(separator, to: cell)
        }

        // A tab bar whose middle button rises above it (seed 004 §2).
        let tab = View(id: "\(p).tab", className: "UITabBar", frame: rect(0, 760, w, 84))
        tab.hitTestsSubviewsOutsideBounds = true
        add(tab, to: screen)
        for k in 0..<4 {
            let x = Double(k < 2 ? k : k + 1) * 78
            add(View(id: "\(p).t\(k)", className: "UIButton", frame: rect(x, 0, 78, 49)), to: tab)
        }
        let raised = View(id: "\(p).raised", className: "UIButton", frame: rect(163, -20, 64, 64))
        raised.hitShape = .ellipse
        add(raised, to: tab)

        if i % 3 == 0 {
            let overlay = View(id: "\(p).overlay", frame: rect(0, 0, w, screenHeight))
            overlay.isPassThrough = true
            add(overlay, to: screen)
            let fab = View(id: "\(p).fab", className: "UIButton", frame: rect(310, 672, 56, 56))
            fab.hitShape = .ellipse
            add(fab, to: overlay)
        }
        let hud = View(id: "\(p).hud", frame: rect(95, 322, 200, 200))
        hud.isHidden = true
        add(hud, to: screen)
        add(View(id: "\(p).hud.ok", className: "UIButton", frame: rect(50, 140, 100, 44)), to: hud)
        return (screen, n)
    }

    // MARK: grid

    static func grid(count: Int, rng: inout SeededGenerator) -> Scene {
        let cells = Swift.max(1, count - 2)
        let columns = Int(Double(cells).squareRoot().rounded(.up))
        let rows = (cells + columns - 1) / columns
        let pitch = 22.0
        let window = Window(id: "W", frame: rect(0, 0, Double(columns) * pitch, Double(rows) * pitch))
        let sheet = View(id: "sheet", frame: rect(0, 0, Double(columns) * pitch, Double(rows) * pitch))
        window.addSubview(sheet)
        for k in 0..<cells {
            let r = k / columns
            let c = k % columns
            let kind = rng.int(below: 100)
            let className = kind < 10 ? "UILabel" : "UIView"
            let cell = View(
                id: "g\(r).\(c)", className: className,
                frame: rect(Double(c) * pitch + 1, Double(r) * pitch + 1, 20, 20))
            if kind == 99 { cell.isHidden = true }
            sheet.addSubview(cell)
        }
        return Scene(windows: [window])
    }

    // MARK: deep

    static func deep(count: Int, rng: inout SeededGenerator) -> Scene {
        let window = Window(id: "W", frame: rect(0, 0, screenWidth, screenHeight))
        var parent: View = window
        for k in 1..<Swift.max(2, count) {
            // Offsets of -1, 0 or +1 point: the chain wanders, so edges decide how deep a touch goes.
            let dx = Double(rng.int(in: -1...1))
            let dy = Double(rng.int(in: -1...1))
            let v = View(id: "d\(k)", frame: rect(dx, dy, screenWidth, screenHeight))
            if k % 97 == 0 { v.bounds.origin = Point(x: 1, y: -1) }
            parent.addSubview(v)
            parent = v
        }
        return Scene(windows: [window])
    }

    // MARK: overlap

    static func overlap(count: Int, rng: inout SeededGenerator) -> Scene {
        let siblings = Swift.max(1, count - 2)
        // The canvas grows with the count so that every point is covered by a handful of views.
        let side = Swift.max(screenWidth, (Double(siblings).squareRoot() * 25).rounded(.up))
        let window = Window(id: "W", frame: rect(0, 0, side, side))
        let canvas = View(id: "canvas", frame: rect(0, 0, side, side))
        window.addSubview(canvas)
        for k in 0..<siblings {
            let w = rng.grid(10, 120)
            let h = rng.grid(10, 120)
            let v = View(id: "o\(k)", frame: rect(rng.grid(-20, side - 20), rng.grid(-20, side - 20), w, h))
            switch rng.int(below: 100) {
            case 0..<3: v.isHidden = true
            case 3..<6: v.alpha = 0
            case 6..<11: v.isUserInteractionEnabled = false
            default: break
            }
            canvas.addSubview(v)
        }
        return Scene(windows: [window])
    }
}
