// swift-tools-version:6.0
import PackageDescription

// Research scripts that use ThumbLab as a library, one executable per script. Each takes
// the path of a study database and prints Markdown (see README.md).
let package = Package(
    name: "ThumbLabScripts",
    dependencies: [.package(name: "ThumbLab", path: "../..")],
    targets: [
        .executableTarget(
            name: "thumbspace-vs-shift",
            dependencies: [
                .product(name: "ThumbLab", package: "ThumbLab"),
                .product(name: "ThumbLabStats", package: "ThumbLab"),
            ]
        ),
        .executableTarget(
            name: "reach-per-participant",
            dependencies: [
                .product(name: "ThumbLab", package: "ThumbLab"),
                .product(name: "ThumbLabStats", package: "ThumbLab"),
            ]
        ),
        .executableTarget(
            name: "learning-slopes",
            dependencies: [
                .product(name: "ThumbLab", package: "ThumbLab"),
                .product(name: "ThumbLabStats", package: "ThumbLab"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
