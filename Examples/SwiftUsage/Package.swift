// swift-tools-version:6.1
// A package that uses Tessera as a library, as a new user would: Tessera as a path dependency,
// Swift 6 language mode (the default of tools version 6). `scripts/test` builds and runs it.
import PackageDescription

let package = Package(
    name: "SwiftUsage",
    platforms: [.macOS(.v13)],
    dependencies: [
        // No traits: the CLI-only package (swift-argument-parser) is not fetched.
        .package(name: "Tessera", path: "../..", traits: []),
    ],
    targets: [
        // The Swift snippets of docs/ (the tutorial's Swift chapter, the self-sizing guide), one
        // file each (the pages show them verbatim; a test in the Tessera package compares the two).
        .target(name: "Snippets", dependencies: [
            .product(name: "TesseraCore", package: "Tessera"),
            .product(name: "TesseraLua", package: "Tessera"),
        ]),
        // Runs every snippet and checks what it gives; exits 1 on the first difference.
        .executableTarget(name: "swift-usage", dependencies: [
            "Snippets",
            .product(name: "TesseraCore", package: "Tessera"),
            .product(name: "TesseraLua", package: "Tessera"),
        ]),
        // Compiles only if every public value type of TesseraCore and TesseraLua is Sendable.
        .executableTarget(name: "sendable-probe", dependencies: [
            .product(name: "TesseraCore", package: "Tessera"),
            .product(name: "TesseraLua", package: "Tessera"),
        ]),
        // A program that uses only TesseraCore: `scripts/test` checks it does not link Foundation.
        .executableTarget(name: "core-only", dependencies: [
            .product(name: "TesseraCore", package: "Tessera"),
        ]),
    ]
)
