// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TesseraCore", targets: ["TesseraCore"]),
        .library(name: "TesseraLua", targets: ["TesseraLua"]),
        .executable(name: "tessera", targets: ["tessera"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // libedit for line editing in the REPL (Debian: libedit-dev).
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // The only place where Lua errors are raised: shims for Lua's macros,
        // the frame writer, the capped allocator and the instruction watchdog.
        .target(name: "LuaBridge", dependencies: ["CLua"]),
        .target(
            name: "TesseraCore",
            dependencies: [
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "TesseraLua",
            dependencies: [
                "TesseraCore", "LuaBridge", "CLua",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "tessera",
            dependencies: [
                "TesseraCore", "TesseraLua", "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .testTarget(name: "TesseraCoreTests", dependencies: ["TesseraCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TesseraLuaTests", dependencies: ["TesseraLua", "TesseraCore"]),
        .testTarget(name: "tesseraTests", dependencies: ["tessera", "TesseraCore"]),
    ],
    swiftLanguageModes: [.v5]
)
