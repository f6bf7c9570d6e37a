import Foundation
import HitIndex
import HitIndexBenchMalloc
import HitIndexFixtures

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// The machine the run measured.
struct MachineInfo {
    var cpu: String
    var cores: Int
    var swift: String

    static func current() -> MachineInfo {
        var cpu = "unknown"
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("model name") {
                if let colon = line.firstIndex(of: ":") {
                    cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                break
            }
        }
        return MachineInfo(cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount, swift: swiftVersion())
    }

    /// The commit checked out in the working directory (12 hex digits, `-dirty` with uncommitted
    /// changes to tracked files), or nil outside a git checkout or without git.
    static func gitCommit() -> String? {
        func git(_ arguments: [String]) -> String? {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["git"] + arguments
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let commit = git(["rev-parse", "--short=12", "HEAD"]), !commit.isEmpty else { return nil }
        let dirty = git(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
        return commit + (dirty ? "-dirty" : "")
    }

    /// `swift --version` at run time; the compiler that built the harness otherwise.
    static func swiftVersion() -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swift", "--version"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        if (try? p.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            if let r = text.range(of: "Swift version ") {
                let rest = text[r.upperBound...]
                let v = rest.prefix { !$0.isWhitespace }
                if !v.isEmpty { return String(v) }
            }
        }
        return compiledWithSwift
    }

    static var compiledWithSwift: String {
        #if compiler(>=6.3)
            return "6.3 (compile time)"
        #elseif compiler(>=6.2)
            return "6.2 (compile time)"
        #elseif compiler(>=6.1)
            return "6.1 (compile time)"
        #else
            return "6.0 (compile time)"
        #endif
    }
}

/// Anonymous, page-aligned memory, asked for transparent huge pages (fewer TLB misses, so the
/// probes measure DRAM rather than page walks where the kernel grants them).
final class BigBuffer {
    let base: UnsafeMutableRawPointer
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
        let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let p, p != MAP_FAILED else { fatalError("mmap of \(bytes) bytes failed") }
        #if os(Linux)
            // Transparent huge pages keep TLB misses out of the DRAM figure. Linux only: elsewhere the
            // buffer has normal pages, and the probe's latency includes their TLB misses.
            _ = madvise(p, bytes, Int32(MADV_HUGEPAGE))
        #endif
        base = p
    }

    deinit { munmap(base, bytes) }
}

/// A dependent-load chain kept in memory for the whole run, so that the DRAM latency can be
/// measured again next to each configuration's timing: on a shared host it drifts by tens of
/// percent within minutes, and a ratio to a latency measured long before means little.
final class DramProbe {
    private let buffer: BigBuffer
    private let words: UnsafeMutablePointer<UInt32>
    private var position: UInt32 = 0

    /// Links the buffer's 64-byte lines into one random cycle (Sattolo) and walks a quarter of
    /// it to warm the TLB and the page tables.
    init(bytes: Int = 512 << 20, seed: UInt64) {
        let lines = bytes / 64
        buffer = BigBuffer(bytes: bytes)
        words = buffer.base.bindMemory(to: UInt32.self, capacity: bytes / 4)
        var perm = [UInt32](unsafeUninitializedCapacity: lines) { b, n in
            for i in 0..<lines { b[i] = UInt32(i) }
            n = lines
        }
        var rng = SeededGenerator(seed: seed ^ 0xD4A3)
        // Sattolo: a uniformly random cyclic permutation, i -> perm[i].
        for i in stride(from: lines - 1, to: 0, by: -1) { perm.swapAt(i, rng.int(below: i)) }
        for i in 0..<lines { words[i * 16] = perm[i] }
        perm = []
        position = Probes.chase(words, from: 0, loads: lines / 4)
    }

    /// ns per dependent load: the best of `repetitions` chases of `loads` loads.
    func latencyNs(loads: Int = 4_000_000, repetitions: Int = 3) -> Double {
        var best = Double.infinity
        for _ in 0..<repetitions {
            let t0 = nowNs()
            position = Probes.chase(words, from: position, loads: loads)
            let t1 = nowNs()
            best = min(best, Double(t1 - t0) / Double(loads))
        }
        return best
    }
}

enum Probes {
    /// The latency of one dependent random load over a 512 MiB buffer: one index per 64-byte
    /// line, the lines linked into a single random cycle (Sattolo), chased for a few million
    /// loads; ns per load.
    static func dramLatencyNs(bytes: Int = 512 << 20, loads: Int = 4_000_000, seed: UInt64) -> Double {
        DramProbe(bytes: bytes, seed: seed).latencyNs(loads: loads)
    }

    /// Follows the chain `loads` times. Not inlined, and with the clock reads fenced, so that
    /// the loads cannot be moved out of the timed interval.
    @inline(never)
    static func chase(_ words: UnsafeMutablePointer<UInt32>, from start: UInt32, loads: Int) -> UInt32 {
        memoryFence()
        var x = start
        for _ in 0..<loads { x = words[Int(x) &* 16] }
        memoryFence()
        return x
    }

    /// Single-thread read bandwidth: the best of a few sums of a 1 GiB buffer of UInt64, GB/s.
    static func streamGBps(bytes: Int = 1 << 30, passes: Int = 4) -> Double {
        let buffer = BigBuffer(bytes: bytes)
        memset(buffer.base, 1, bytes)
        var best = Double.infinity
        for _ in 0..<passes {
            let t0 = nowNs()
            blackHole(sum(buffer.base, bytes: bytes))
            best = min(best, Double(nowNs() - t0))
        }
        withExtendedLifetime(buffer) {}
        return Double(bytes) / best
    }

    /// Sums `bytes` bytes (a multiple of 8) as UInt64 words, with independent accumulators.
    @inline(never)
    static func sum(_ base: UnsafeRawPointer, bytes: Int) -> UInt64 {
        let n = bytes / 8
        let p = base.assumingMemoryBound(to: UInt64.self)
        var a = SIMD4<UInt64>(repeating: 0)
        var b = SIMD4<UInt64>(repeating: 0)
        var i = 0
        while i + 8 <= n {
            a &+= UnsafeRawPointer(p + i).loadUnaligned(as: SIMD4<UInt64>.self)
            b &+= UnsafeRawPointer(p + i + 4).loadUnaligned(as: SIMD4<UInt64>.self)
            i += 8
        }
        var s = (a &+ b).wrappedSum()
        while i < n {
            s &+= p[i]
            i += 1
        }
        return s
    }
}

/// `streamMs`: the time to read, once, as many bytes as an engine's structures occupy, from a
/// buffer touched beforehand (so, like the engine's own arrays, it is resident).
final class StreamReader {
    private var buffer: BigBuffer?

    func readMs(bytes: Int) -> Double {
        let b = max(8, (bytes + 7) / 8 * 8)
        if buffer == nil || buffer!.bytes < b {
            let size = max(b, 64 << 20)
            buffer = BigBuffer(bytes: size)
            memset(buffer!.base, 1, size)
        }
        var times: [Double] = []
        for _ in 0..<3 {
            let t0 = nowNs()
            blackHole(Probes.sum(buffer!.base, bytes: b))
            times.append(Double(nowNs() - t0) / 1e6)
        }
        return median(times)
    }
}

/// `firstTouchMs`: allocating `bytes` of fresh memory from the kernel (plain 4 KiB pages, as the
/// store's own allocations get) and writing every byte once, then giving it back; median of 3.
/// A fresh build into memory of its own final size cannot be faster: this is its floor.
func firstTouchMs(bytes: Int) -> Double {
    let size = max(4096, (bytes + 4095) / 4096 * 4096)
    var times: [Double] = []
    for _ in 0..<3 {
        let t0 = nowNs()
        let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let p, p != MAP_FAILED else { fatalError("mmap of \(size) bytes failed") }
        memset(p, 1, size)
        blackHole(p.load(fromByteOffset: size - 1, as: UInt8.self))
        times.append(Double(nowNs() - t0) / 1e6)
        munmap(p, size)
    }
    return median(times)
}

/// The process's maximum resident size so far, in bytes, as the OS reports it (`getrusage`:
/// kilobytes on Linux, bytes on Apple platforms).
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
        // glibc declares the argument as an enum; Musl and Darwin as an int macro.
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #elseif canImport(Musl)
        let who = RUSAGE_SELF
    #elseif canImport(Darwin)
        let who = RUSAGE_SELF
    #else
        #error("a C library module is needed: Glibc, Musl or Darwin")
    #endif
    guard getrusage(who, &usage) == 0 else { return -1 }
    #if canImport(Darwin)
        return Int(usage.ru_maxrss)
    #else
        return Int(usage.ru_maxrss) * 1024
    #endif
}

/// The process's resident size now, in bytes, where the OS tells it cheaply (Linux's
/// `/proc/self/statm`); nil elsewhere. glibc's free memory is first given back (`malloc_trim`):
/// otherwise memory freed long before may be returned in the middle of a measurement, and the
/// difference of two readings mean nothing.
func currentResidentBytes() -> Int? {
    #if os(Linux)
        hib_trim()
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
        return nil
    #endif
}
