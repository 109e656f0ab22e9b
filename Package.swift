// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ThumbLab",
    products: [
        .library(name: "ThumbLab", targets: ["ThumbLab"]),
        .library(name: "ThumbLabStats", targets: ["ThumbLabStats"]),
        .executable(name: "thumblab", targets: ["thumblab"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "ThumbLabStats"),
        .target(
            name: "ThumbLab",
            dependencies: ["ThumbLabStats", "CSQLite", "CZlib", "CCrypto"],
            exclude: ["Store/README.md", "Report/Figures/PDF/Fonts/DejaVuFontsLicence.txt"]
        ),
        .executableTarget(name: "thumblab", dependencies: ["ThumbLab"]),
        .executableTarget(name: "thumblab-datasets", path: "Datasets/Generator"),
        .testTarget(
            name: "ThumbLabStatsTests",
            dependencies: ["ThumbLabStats"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ThumbLabTests", dependencies: ["ThumbLab", "CZlib"], exclude: ["Fixtures"]),
        .testTarget(name: "ThumbLabCLITests", dependencies: ["thumblab"]),
    ],
    swiftLanguageModes: [.v6]
)
