// swift-tools-version:6.0
import PackageDescription

// ThumbLab's benchmarks, a package of their own so that depending on ThumbLab resolves none
// of them. They use ThumbLab's public API only, as a research script does, and SQLite's C
// API directly where they measure SQLite alone (see README.md).
let package = Package(
    name: "ThumbLabBenchmarks",
    dependencies: [.package(name: "ThumbLab", path: "..")],
    targets: [
        .systemLibrary(
            name: "BenchmarkSQLite",
            path: "BenchmarkSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSQLite"],
            path: "Support"
        ),
        .executableTarget(
            name: "thumblab-import-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "ImportBenchmark"
        ),
        .executableTarget(
            name: "thumblab-store-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport", "BenchmarkSQLite"],
            path: "StoreBenchmark"
        ),
        .executableTarget(
            name: "thumblab-analysis-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "AnalysisBenchmark"
        ),
        .executableTarget(
            name: "thumblab-reach-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "ReachBenchmark"
        ),
        .executableTarget(
            name: "thumblab-scale-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "ScaleBenchmark"
        ),
        .executableTarget(
            name: "thumblab-kill-check",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "KillCheck"
        ),
        .executableTarget(
            name: "thumblab-export-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "ExportBenchmark"
        ),
        .executableTarget(
            name: "thumblab-phrase-benchmark",
            dependencies: [.product(name: "ThumbLab", package: "ThumbLab"), "BenchmarkSupport"],
            path: "PhraseBenchmark"
        ),
        .executableTarget(
            name: "thumblab-mixed-model-benchmark",
            dependencies: [.product(name: "ThumbLabStats", package: "ThumbLab")],
            path: "MixedModelBenchmark"
        ),
        .executableTarget(
            name: "thumblab-power-benchmark",
            dependencies: [
                .product(name: "ThumbLab", package: "ThumbLab"), .product(name: "ThumbLabStats", package: "ThumbLab"),
            ],
            path: "PowerBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
