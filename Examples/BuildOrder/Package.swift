// swift-tools-version:6.1
// A new user's package that depends on Tessera with `traits: []` (only swift-collections is
// fetched): `scripts/test` builds, runs and tests it in the order that once broke it
// (`swift build`, `swift run`, `swift run tessera`, `swift build`, `swift test`).
import PackageDescription

let package = Package(
    name: "BuildOrder",
    platforms: [.macOS(.v13)],   // Tessera needs macOS 13
    dependencies: [
        .package(name: "Tessera", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(name: "build-order", dependencies: [.product(name: "TesseraCore", package: "Tessera")]),
        .testTarget(name: "BuildOrderTests", dependencies: [.product(name: "TesseraCore", package: "Tessera")]),
    ]
)
