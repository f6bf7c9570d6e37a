// swift-tools-version:6.3
// HitIndex answers UIKit's hit-testing question exactly, for view hierarchies of millions of views.
// No package dependencies, on purpose: only the toolchain's own libraries.
//
// Tools 6.3: the C API is written with `@c @implementation`, which Swift 6.3 introduced; an older
// toolchain stops here with SwiftPM's own "requires tools version 6.3" instead of an attribute
// error deep in the package. The platforms are the lowest that every API the package calls
// allows (README, "Platforms"; `.ci/portability` checks each call against them).

import PackageDescription

let package = Package(
    name: "HitIndex",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "HitIndex", targets: ["HitIndex"]),
        .library(name: "HitIndexReference", targets: ["HitIndexReference"]),
        .library(name: "HitIndexSceneFormat", targets: ["HitIndexSceneFormat"]),
        .library(name: "HitIndexFixtures", targets: ["HitIndexFixtures"]),
        .library(name: "HitIndexFuzz", targets: ["HitIndexFuzz"]),
        .library(name: "HitIndexImport", targets: ["HitIndexImport"]),
        .library(name: "HitIndexEvents", targets: ["HitIndexEvents"]),
        // The C API (include/hitindex.h), as a shared and a static library.
        .library(name: "HitIndexC", type: .dynamic, targets: ["HitIndexC"]),
        .library(name: "HitIndexCStatic", type: .static, targets: ["HitIndexC"]),
        .executable(name: "hitindex", targets: ["hitindex"]),
        .executable(name: "hitindex-bench", targets: ["HitIndexBenchmarks"]),
    ],
    targets: [
        // Geometry, the view/window/scene model, the frozen and the live index.
        .target(name: "HitIndex", dependencies: ["CHitIndexAtomics"]),
        // Word-sized atomics over the C compiler's builtins (header-only): the standard library's
        // `Atomic` would raise the package's floor to macOS 15 and iOS 18.
        .target(name: "CHitIndexAtomics"),
        // The recursive oracle: reads like UIKit's hitTest and sees only HitIndex's public model.
        .target(name: "HitIndexReference", dependencies: ["HitIndex"]),
        // Scene JSON (scene-format.md): a streaming reader and a writer.
        .target(name: "HitIndexSceneFormat", dependencies: ["HitIndex"]),
        // Deterministic scene generators shared by tests, the CLI, benchmarks and the fuzzer.
        .target(name: "HitIndexFixtures", dependencies: ["HitIndex"]),
        // Differential fuzzing: random scenes and boundary-seeking points, the index (or a
        // deliberately broken engine) against the reference, and shrinking.
        .target(
            name: "HitIndexFuzz",
            dependencies: ["HitIndex", "HitIndexReference", "HitIndexFixtures", "HitIndexSceneFormat"]),
        // Importers for real hierarchy dumps: recursiveDescription, RICO JSON, uiautomator XML.
        .target(name: "HitIndexImport", dependencies: ["HitIndex", "HitIndexSceneFormat"]),
        // The C header, as a module the Swift implementation checks itself against.
        .systemLibrary(name: "CHitIndex", path: "include"),
        // The C API's implementation: `@c @implementation` functions over the live index.
        .target(name: "HitIndexC", dependencies: ["CHitIndex", "HitIndex", "HitIndexSceneFormat"]),
        // The event layer: responders and the responder chain, first responder and actions.
        .target(name: "HitIndexEvents", dependencies: ["HitIndex", "HitIndexSceneFormat"]),
        // The commands behind `hitindex`, as a library so that tests can run them in-process.
        .target(
            name: "HitIndexCLI",
            dependencies: [
                "HitIndex", "HitIndexReference", "HitIndexSceneFormat", "HitIndexFixtures", "HitIndexFuzz",
                "HitIndexImport", "HitIndexEvents",
            ]),
        .executableTarget(name: "hitindex", dependencies: ["HitIndexCLI"]),
        // The benchmark harness (bench.md) with its baselines: `hitindex-bench`.
        .executableTarget(
            name: "HitIndexBenchmarks",
            dependencies: [
                "HitIndex", "HitIndexReference", "HitIndexFixtures", "HitIndexSceneFormat", "HitIndexBenchMalloc",
                "HitIndexC", "CHitIndex",
            ],
            path: "Benchmarks/HitIndexBenchmarks"),
        // Counts heap allocations for the harness's allocsPerQuery: defines malloc & co. over glibc's
        // __libc_* entry points (elsewhere it builds as no-ops and says so). Only in hitindex-bench.
        .target(name: "HitIndexBenchMalloc", path: "Benchmarks/HitIndexBenchMalloc"),
        .testTarget(
            name: "HitIndexTests",
            dependencies: [
                "HitIndex", "HitIndexReference", "HitIndexSceneFormat", "HitIndexFixtures", "HitIndexCLI",
                "HitIndexFuzz",
                "HitIndexImport", "HitIndexEvents", "HitIndexC", "CHitIndex",
            ],
            // Scene and answer files, read through #filePath rather than as bundle resources.
            exclude: ["Scenarios"]),
    ],
    swiftLanguageModes: [.v6]
)
