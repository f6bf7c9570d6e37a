// swift-tools-version:6.0
// HitIndex answers UIKit's hit-testing question exactly, for view hierarchies of millions of views.
// No package dependencies, on purpose: only the toolchain's own libraries.

import PackageDescription

let package = Package(
    name: "HitIndex",
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
        // Geometry kernel and the view/window/scene model. Later: the flattened index.
        .target(name: "HitIndex"),
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
        // __libc_* entry points. Linked only into hitindex-bench.
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
