/// A column of records that snapshots share: records in pages, pages in directories, directories
/// in one top block. A snapshot keeps a top block; the writer copies a page (and the directory
/// and top above it) before its first write to it in a version, so every snapshot keeps seeing
/// the records as they were when it was published, and an edit copies a few small blocks, never
/// the column. A writer-only column (`shared == false`) copies nothing to write a record: it
/// writes in place and the pager keeps the record's earlier bytes until the commit (for a
/// rollback); only a page added to it copies the directory and top above.
///
/// Record `i` is in page `i >> pageShift`, directory `i >> (pageShift + dirShift)`. Pages hold
/// at most 4 KiB of records (a power of two of them); directories 128 page addresses. At a
/// million 88-byte records, 32 to a 2,816-byte page, that is 245 directories under a 2 KiB top
/// block: a first write in a version copies 2.75 KiB + 1 KiB + 2 KiB, and a read follows two
/// addresses that mostly sit in cache.
///
/// A record is readable once written; pages start zero-filled.
///
/// ``compact()`` moves every page into one ``PageSlab``, in order: until a later version copies
/// or adds a page, readers then find record `i` by arithmetic from the first page, with no address
/// to load. (On a fresh build of a million views, each address load added to a search step is a
/// likely L2 miss: the directories of all columns, half a megabyte, do not stay in L2 beside the
/// records.)
struct PagedColumn<Element: BitwiseCopyable>: BitwiseCopyable {
    /// The top block's body: `topCapacity` directory addresses (nil where none yet).
    private(set) var top: UnsafeMutableRawPointer
    private(set) var topCapacity: Int
    /// Whether snapshots read this column (its replaced blocks wait for them) or only the writer
    /// does (they are freed at commit).
    let shared: Bool
    // Safe: the pager is owned by the store that owns this column and outlives it.
    private let pagerReference: Unmanaged<Pager>
    /// Page 0's body when every page sits in one slab in order (`compact()`), else nil.
    private(set) var flat: UnsafeMutableRawPointer?
    /// One past the last record written, in any version.
    private(set) var highWater = 0
    /// ``highWater`` when the version ``freshVersion`` began: no published version wrote a
    /// record at or past it, so no snapshot reads one (a snapshot reads only the records its
    /// version's slots, links and references name, all written).
    private var freshFrom = 0
    private var freshVersion: UInt64 = 0

    /// Calls `body` with the pager, unretained: each access to it through a stored reference
    /// retained and released it (about a tenth of a scroll's edit and commit).
    @inline(__always)
    private func withPager<R>(_ body: (Pager) -> R) -> R {
        // Safe: the pager outlives the column (see `pagerReference`).
        pagerReference._withUnsafeGuaranteedRef(body)
    }

    /// Records per page, as a shift: the most records, a power of two of them, in 4 KiB.
    @inline(__always)
    static var pageShift: Int {
        let stride = MemoryLayout<Element>.stride
        return stride >= 4096 ? 0 : 12 - (Int.bitWidth - (stride - 1).leadingZeroBitCount)
    }
    /// Pages per directory, as a shift.
    static var dirShift: Int { 7 }
    /// A page's body size.
    static var pageBytes: Int { (1 << pageShift) * MemoryLayout<Element>.stride }

    /// An empty column.
    /// - Complexity: O(1).
    init(pager: Pager, shared: Bool) {
        pagerReference = Unmanaged.passUnretained(pager)
        self.shared = shared
        topCapacity = 1
        top = pager.allocate(bodyBytes: 8)
    }

    /// The column as a snapshot reads it now.
    /// - Complexity: O(1).
    var reader: ColumnReader<Element> {
        ColumnReader(top: UnsafeRawPointer(top), flat: flat.map(UnsafeRawPointer.init))
    }

    /// Record `i`, which must have been written.
    /// - Complexity: O(1).
    @inline(__always)
    subscript(i: Int) -> Element {
        reader[i]
    }

    /// Writes record `i`, copying its page (and the blocks above it) first when an older version
    /// made them.
    /// - Complexity: O(1); O(4 KiB) for a first write to a page in a version.
    @inline(__always)
    mutating func set(_ i: Int, _ value: Element) {
        writableRecords(i, count: 1).storeBytes(of: value, as: Element.self)
    }

    /// Writes `values` to records `i`, `i + 1`, …, a page at a time, as ``set(_:_:)`` writes each.
    /// - Complexity: O(values.count), plus a page copy for each first write to a page.
    mutating func set(_ i: Int, contentsOf values: UnsafeBufferPointer<Element>) {
        let perPage = 1 << Self.pageShift
        var done = 0
        while done < values.count {
            let at = i + done
            let run = Swift.min(values.count - done, perPage - (at & (perPage - 1)))
            // Safe: the run stays within one page, which holds `perPage` records bound to Element.
            let records = writableRecords(at, count: run).assumingMemoryBound(to: Element.self)
            records.update(from: values.baseAddress! + done, count: run)
            done += run
        }
    }

    /// Changes record `i` in place, as ``set(_:_:)`` writes it.
    /// - Complexity: as ``set(_:_:)``.
    @inline(__always) @discardableResult
    mutating func update<R>(_ i: Int, _ body: (inout Element) -> R) -> R {
        // Safe: the page holds 2^pageShift records of Element, bound at allocation; the record
        // is within it.
        let record = writableRecords(i, count: 1).assumingMemoryBound(to: Element.self)
        return body(&record.pointee)
    }

    /// The address of records `i..<i + count` (all in one page), made writable.
    ///
    /// A writer-only column writes an older page in place: no snapshot reads it, and the pager
    /// keeps the records' bytes as they were, for a rollback (a page copy, with its directory's
    /// and top block's, cost an edit several times more). A shared column does the same past its
    /// fresh mark (``freshMark``), where no snapshot reads either: a new view's record and id
    /// bytes, a new side entry or hierarchy node, appended to a page an older version made. Any
    /// other older page of a shared column is copied (``writablePage(for:)``).
    @inline(__always)
    private mutating func writableRecords(_ i: Int, count: Int) -> UnsafeMutableRawPointer {
        let offset = (i & (1 << Self.pageShift - 1)) &* MemoryLayout<Element>.stride
        var inPlace = !shared
        if shared {
            let version = withPager { $0.version }
            if freshVersion != version {
                freshVersion = version
                freshFrom = highWater
            }
            inPlace = i >= freshFrom
            highWater = Swift.max(highWater, i &+ count)
        }
        if inPlace, let page = existingPage(for: i) {
            let records = page + offset
            let bytes = count &* MemoryLayout<Element>.stride
            withPager { if !$0.isWritable(page) { $0.keepBeforeImage(records, byteCount: bytes) } }
            return records
        }
        return writablePage(for: i) + offset
    }

    /// The first record of a shared column that the version being written may write in place in
    /// an older page: the high-water mark of the versions before it. Every record of a
    /// writer-only column may be.
    /// - Complexity: O(1).
    var freshMark: Int {
        guard shared else { return 0 }
        return freshVersion == withPager({ $0.version }) ? freshFrom : highWater
    }

    /// The byte offset in page `k` from which the version being written may write it in place
    /// (``writableRecords(_:count:)``): all of a writer-only page; a shared page's records at or
    /// past ``freshMark``, if any (``Pager/ReplacedBlock/never`` if none).
    /// - Complexity: O(1).
    private func inPlaceOffset(page k: Int) -> Int {
        guard shared else { return 0 }
        let from = Swift.max(freshMark - (k << Self.pageShift), 0)
        return from < 1 << Self.pageShift ? from * MemoryLayout<Element>.stride : Pager.ReplacedBlock.never
    }

    /// Calls `body` with the address and byte count of the records at or past ``freshMark`` in
    /// each page an older version made: the only bytes of those pages the version being written
    /// may change, in place, with before-images (for the invariant checker).
    /// - Complexity: O(blocks).
    func forEachFreshTailOfOlderPages(_ body: (UnsafeMutableRawPointer, Int) -> Void) {
        let perPage = 1 << Self.pageShift
        let stride = MemoryLayout<Element>.stride
        let mark = freshMark
        for d in 0..<topCapacity {
            guard let dir = top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer?.self) else { continue }
            for p in 0..<(1 << Self.dirShift) {
                guard let page = dir.load(fromByteOffset: p * 8, as: UnsafeMutableRawPointer?.self),
                    !withPager({ $0.isWritable(page) })
                else { continue }
                let from = Swift.max(mark - (d << Self.dirShift + p) * perPage, 0)
                if from < perPage { body(page + from * stride, (perPage - from) * stride) }
            }
        }
    }

    /// Record `i`'s page, if it exists, as the writer sees it.
    /// - Complexity: O(1): two address loads.
    @inline(__always)
    private func existingPage(for i: Int) -> UnsafeMutableRawPointer? {
        let d = i >> (Self.pageShift + Self.dirShift)
        guard d < topCapacity, let dir = top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer?.self) else {
            return nil
        }
        let p = ((i >> Self.pageShift) & (1 << Self.dirShift - 1)) * 8
        return dir.load(fromByteOffset: p, as: UnsafeMutableRawPointer?.self)
    }

    /// The page of record `i`, made writable: the top block, the directory and the page are each
    /// copied if an older version made them, and created if missing.
    private mutating func writablePage(for i: Int) -> UnsafeMutableRawPointer {
        let dir = writableDirectory(i >> (Self.pageShift + Self.dirShift))
        let p = ((i >> Self.pageShift) & (1 << Self.dirShift - 1)) * 8
        if let existing = dir.load(fromByteOffset: p, as: UnsafeMutableRawPointer?.self) {
            if withPager({ $0.isWritable(existing) }) { return existing }
            flat = nil
            let (shared, from) = (shared, inPlaceOffset(page: i >> Self.pageShift))
            let page = withPager { $0.copy(replacing: existing, shared: shared, inPlaceFrom: from) }
            page.bindMemory(to: Element.self, capacity: 1 << Self.pageShift)
            dir.storeBytes(of: page, toByteOffset: p, as: UnsafeMutableRawPointer?.self)
            return page
        }
        flat = nil
        let page = withPager { $0.allocate(bodyBytes: Self.pageBytes) }
        page.bindMemory(to: Element.self, capacity: 1 << Self.pageShift)
        dir.storeBytes(of: page, toByteOffset: p, as: UnsafeMutableRawPointer?.self)
        return page
    }

    /// Directory `d`, made writable (with the top block), as ``writablePage(for:)`` does.
    private mutating func writableDirectory(_ d: Int) -> UnsafeMutableRawPointer {
        if d >= topCapacity {
            var capacity = topCapacity
            while capacity <= d { capacity *= 2 }
            let grown = withPager { $0.allocate(bodyBytes: capacity * 8) }
            // Safe: the old top body holds topCapacity addresses; the new one has room for more.
            grown.copyMemory(from: top, byteCount: topCapacity * 8)
            let (old, shared) = (top, shared)
            withPager { $0.replace(old, shared: shared) }
            top = grown
            topCapacity = capacity
        } else if !withPager({ [top] in $0.isWritable(top) }) {
            let (old, shared) = (top, shared)
            top = withPager { $0.copy(replacing: old, shared: shared) }
        }
        var dir: UnsafeMutableRawPointer
        if let existing = top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer?.self) {
            dir = existing
            if !withPager({ [dir] in $0.isWritable(dir) }) {
                let (old, shared) = (dir, shared)
                dir = withPager { $0.copy(replacing: old, shared: shared) }
                top.storeBytes(of: dir, toByteOffset: d * 8, as: UnsafeMutableRawPointer?.self)
            }
        } else {
            dir = withPager { $0.allocate(bodyBytes: (1 << Self.dirShift) * 8) }
            top.storeBytes(of: dir, toByteOffset: d * 8, as: UnsafeMutableRawPointer?.self)
        }
        return dir
    }

    /// Moves every page (up to the last one written, and at least those of records
    /// `0..<reserving`) into one new slab, in order, so that readers find records by arithmetic
    /// until a later version copies or adds a page. The old pages are replaced as by writes:
    /// snapshots that read them keep them. Missing pages become zero-filled. A column already
    /// laid out so, with those pages, is left as it is.
    ///
    /// A bulk load reserves its records this way before writing them: each page is then created
    /// once, in its final place. With `zeroed`, the new pages keep nothing of the old ones (for
    /// a column about to be rewritten whole, as the id table's rehash is): nothing is copied,
    /// and a writer-only column keeps no before-image of a record, where writing each record
    /// again would keep one for every record.
    /// - Complexity: O(pages · page size); O(directories) when already compact.
    mutating func compact(reserving: Int = 0, zeroed: Bool = false) {
        let pagesPerDir = 1 << Self.dirShift
        let reservedPages = (reserving + (1 << Self.pageShift) - 1) >> Self.pageShift
        var pageCount = 0
        for d in 0..<topCapacity {
            guard let dir = top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer?.self) else { continue }
            for p in 0..<pagesPerDir where dir.load(fromByteOffset: p * 8, as: UnsafeMutableRawPointer?.self) != nil {
                pageCount = d * pagesPerDir + p + 1
            }
        }
        // `flat` is cleared by every page added or copied, so a set `flat` means compact.
        if flat != nil && pageCount >= reservedPages && !zeroed { return }
        pageCount = Swift.max(pageCount, reservedPages)
        // A column with no pages has no record to read: it counts as compacted (`flat` is then
        // never dereferenced, and the first page written clears it).
        guard pageCount > 0 else {
            flat = top
            return
        }
        let bodies = withPager { $0.allocateSlab(pages: pageCount, bodyBytes: Self.pageBytes) }
        for (k, body) in bodies.enumerated() {
            let dir = writableDirectory(k >> Self.dirShift)
            let p = (k & (pagesPerDir - 1)) * 8
            if let old = dir.load(fromByteOffset: p, as: UnsafeMutableRawPointer?.self) {
                // Safe: both bodies are pageBytes long, and the slab's is new memory.
                if !zeroed { body.copyMemory(from: old, byteCount: Self.pageBytes) }
                let (shared, from) = (shared, inPlaceOffset(page: k))
                withPager { $0.replace(old, shared: shared, inPlaceFrom: from) }
            }
            body.bindMemory(to: Element.self, capacity: 1 << Self.pageShift)
            dir.storeBytes(of: body, toByteOffset: p, as: UnsafeMutableRawPointer?.self)
        }
        flat = bodies[0]
    }

    /// Calls `body` with every page of the column as it is now, in record order.
    /// - Complexity: O(blocks).
    func forEachPage(_ body: (UnsafeMutableRawPointer) -> Void) {
        for d in 0..<topCapacity {
            guard let dir = top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer?.self) else { continue }
            for p in 0..<(1 << Self.dirShift) {
                if let page = dir.load(fromByteOffset: p * 8, as: UnsafeMutableRawPointer?.self) { body(page) }
            }
        }
    }

    /// Calls `body` with every block of the column as it is now: each page, then the directory
    /// that held it, and the top block last.
    ///
    /// A block is passed only after the blocks it points to, so `body` may free it.
    /// - Complexity: O(blocks).
    func forEachBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        for d in 0..<topCapacity {
            guard let dir = top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer?.self) else { continue }
            for p in 0..<(1 << Self.dirShift) {
                if let page = dir.load(fromByteOffset: p * 8, as: UnsafeMutableRawPointer?.self) { body(page) }
            }
            body(dir)
        }
        body(top)
    }
}

/// A paged column as one snapshot sees it: immutable, readable from any thread.
struct ColumnReader<Element: BitwiseCopyable>: @unchecked Sendable {
    // @unchecked Sendable: the blocks under `top` belong to a published version and are never
    // written again; the arena frees them only after every snapshot that holds them is gone.
    let top: UnsafeRawPointer
    /// Page 0's body when every page sits in one slab in order (``PagedColumn/compact()``).
    let flat: UnsafeRawPointer?

    /// The address of record `i`, which must have been written.
    /// - Complexity: O(1): arithmetic on a compacted column, else two address loads.
    @inline(__always)
    func pointer(_ i: Int) -> UnsafePointer<Element> {
        flat == nil ? pagedPointer(i) : flatPointer(i)
    }

    /// ``pointer(_:)`` in a compacted column (`flat` set).
    /// - Complexity: O(1), no memory access.
    @inline(__always)
    func flatPointer(_ i: Int) -> UnsafePointer<Element> {
        let pageShift = PagedColumn<Element>.pageShift
        // Safe: in a compacted column page k's body is k page strides after page 0's, and every
        // written record's page is in the slab.
        let offset: Int = (i >> pageShift) &* PageSlab.pageStride(bodyBytes: PagedColumn<Element>.pageBytes)
        let page = flat.unsafelyUnwrapped + offset
        return page.assumingMemoryBound(to: Element.self) + (i & (1 << pageShift - 1))
    }

    /// ``pointer(_:)`` through the directories (any column).
    /// - Complexity: O(1): two address loads.
    @inline(__always)
    func pagedPointer(_ i: Int) -> UnsafePointer<Element> {
        let pageShift = PagedColumn<Element>.pageShift
        let dirShift = PagedColumn<Element>.dirShift
        // Safe: the caller passes an index the column has written, so its directory and page
        // exist and hold the addresses loaded here.
        let dir = top.load(fromByteOffset: (i >> (pageShift + dirShift)) * 8, as: UnsafeRawPointer.self)
        let page = dir.load(fromByteOffset: ((i >> pageShift) & (1 << dirShift - 1)) * 8, as: UnsafeRawPointer.self)
        return page.assumingMemoryBound(to: Element.self) + (i & (1 << pageShift - 1))
    }

    /// Record `i`, which must have been written.
    /// - Complexity: O(1).
    @inline(__always)
    subscript(i: Int) -> Element { pointer(i).pointee }

    /// What breaks a compacted column's promise (`flat` set): every page the directories hold
    /// must be where the arithmetic finds it, with no page missing before the last. Empty for a
    /// column that is not compacted.
    /// - Complexity: O(pages).
    func layoutViolations(_ name: String) -> [String] {
        guard let flat else { return [] }
        let stride = PageSlab.pageStride(bodyBytes: PagedColumn<Element>.pageBytes)
        let pagesPerDir = 1 << PagedColumn<Element>.dirShift
        var problems: [String] = []
        var missing: Int?
        for d in 0..<(PageBlock.byteCount(top) / 8) {
            let dir = top.load(fromByteOffset: d * 8, as: UnsafeRawPointer?.self)
            for p in 0..<pagesPerDir {
                let k = d * pagesPerDir + p
                guard let page = dir?.load(fromByteOffset: p * 8, as: UnsafeRawPointer?.self) else {
                    if missing == nil { missing = k }
                    continue
                }
                if let m = missing {
                    problems.append("\(name): page \(m) is missing before page \(k) of a compacted column")
                    missing = nil
                }
                if page != flat + k * stride {
                    problems.append("\(name): page \(k) is not where a compacted column's arithmetic finds it")
                }
            }
        }
        return problems
    }

    /// The bytes of every block under the top block, headers included.
    /// - Complexity: O(blocks).
    var residentBytes: Int {
        var total = PageBlock.headerSize + PageBlock.byteCount(top)
        for d in 0..<(PageBlock.byteCount(top) / 8) {
            guard let dir = top.load(fromByteOffset: d * 8, as: UnsafeRawPointer?.self) else { continue }
            total += PageBlock.headerSize + PageBlock.byteCount(dir)
            for p in 0..<(PageBlock.byteCount(dir) / 8) {
                if let page = dir.load(fromByteOffset: p * 8, as: UnsafeRawPointer?.self) {
                    total += PageBlock.headerSize + PageBlock.byteCount(page)
                }
            }
        }
        return total
    }
}
