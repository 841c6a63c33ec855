// swift-tools-version:6.1
import PackageDescription

// Lua 5.4 from the system (Debian: liblua5.4-dev). On Linux the package's static library
// (liblua5.4.a) is linked into the program instead of its shared one: `tessera bench lua`'s
// scripted waterfall ran 12-25% faster that way in every link layout tried (where the
// interpreter loop lands in memory matters; calls into Lua also skip the PLT). Its
// headers are included from /usr/include/lua5.4 (Sources/CLua/shim.h), so no pkg-config flags.
#if os(Linux)
let lua = Target.systemLibrary(name: "CLua", path: "Sources/CLua/linux")
#else
let lua = Target.systemLibrary(
    name: "CLua",
    pkgConfig: "lua5.4",
    providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
)
#endif

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TesseraCore", targets: ["TesseraCore"]),
        .library(name: "TesseraLua", targets: ["TesseraLua"]),
        .library(name: "TesseraRender", targets: ["TesseraRender"]),
        .executable(name: "tessera", targets: ["TesseraMain"]),
    ],
    // The CLI's package (swift-argument-parser) is used only under the trait "CLI", on by default.
    // A library user who depends on Tessera with `traits: []` resolves and fetches none of it
    // (SwiftPM prunes dependencies that only disabled traits use). The command's code (the target
    // `tessera`) is then not part of the `tessera` executable either: that builds from
    // `TesseraMain` alone, a stub saying how to get the command, so whatever the user's package
    // built or ran before (`swift run tessera` included), its next build never needs the CLI's
    // package.
    traits: [
        .trait(name: "CLI", description: "The tessera command-line tool's dependency: swift-argument-parser."),
        .default(enabledTraits: ["CLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation` (scripts/docs): the DocC catalogue. A plugin
        // only: nothing of it is linked into a library or the CLI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        lua,
        // libedit for line editing in the REPL (Debian: libedit-dev).
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // The only place where Lua errors are raised: shims for Lua's macros,
        // the frame writer, the capped allocator and the instruction watchdog.
        .target(name: "LuaBridge", dependencies: ["CLua"]),
        // The CLI's terminal and signal handling (the REPL's Ctrl-C handler, the terminal size).
        .target(name: "CTerminal"),
        .target(
            name: "TesseraCore",
            dependencies: [
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // The invariant checks (Support/internalChecks.swift) in every debug build, the tests' too.
            swiftSettings: [.define("TESSERA_INTERNAL_CHECKS", .when(configuration: .debug))]
        ),
        // Pictures and reports of a layout: the ASCII preview, the text summary, the SVG
        // picture, the HTML page and the `run` report.
        .target(
            name: "TesseraRender",
            dependencies: [
                "TesseraCore",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // The pages' HTML, CSS and JavaScript, compiled in as byte arrays (`PageFiles`).
            resources: ["animate-page.html", "animate-page.js", "page-drawing.js", "page-nodes.js", "page-layer.css",
                        "preview-measure.css", "preview-measure.js", "preview-page.html", "preview-state.js",
                        "preview-draw.js", "preview-gaps.js", "preview-animation.js", "preview-problems.js",
                        "preview-inspector.js", "preview-controls.js", "preview-params.js", "preview-page.js",
                        "preview-socket.js", "open-page.html", "display-number.js", "run-page.html", "run-page.js", "run-overview.js",
                        "snapshot-report.html", "snapshot-report.js", "timeline-player.js"].map { .embedInCode("Pages/" + $0) }
        ),
        .target(
            name: "TesseraLua",
            dependencies: [
                "TesseraCore", "LuaBridge", "CLua",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // Its Lua, compiled in as byte arrays: the prelude, the REPL's and the test harness's,
            // and the repository's layouts/ and animators/ (through the symlinks in
            // Scripts/Shipped; not their tests and editor types), so a program linked with
            // TesseraLua finds `waterfall` or `fade` by name with no checkout (ShippedScripts).
            exclude: ["Scripts/Shipped/layouts/tests", "Scripts/Shipped/layouts/types"],
            resources: [.embedInCode("Host/prelude.lua"), .embedInCode("Repl/repl-support.lua"),
                        .embedInCode("Testing/layout-tests.lua")]
                + ["appstore", "emoji-split", "grid", "justified", "mosaic", "rings", "sectioned", "timeline", "waterfall"]
                .map { .embedInCode("Scripts/Shipped/layouts/\($0).lua") }
                + ["cascade", "edge-shrink", "fade", "scale", "wobble", "zoom"]
                .map { .embedInCode("Scripts/Shipped/animators/\($0).lua") }
        ),
        // The command line: every command, the REPL and the preview server.
        .target(
            name: "tessera",
            dependencies: [
                "TesseraCore", "TesseraLua", "TesseraRender", "CEdit", "CTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // The benches' Lua, compiled in as byte arrays.
            resources: [
                .embedInCode("Bench/engine-reload.lua"),
                .embedInCode("Bench/lua-bench.lua"),
                .embedInCode("Bench/preview-waterfall.lua"),
                .embedInCode("Bench/preview-syntax-error.lua"),
                .embedInCode("Bench/test-bench.lua"),
            ]
        ),
        // The `tessera` program: the command line with the trait "CLI", a stub without it.
        .executableTarget(
            name: "TesseraMain",
            dependencies: [.target(name: "tessera", condition: .when(traits: ["CLI"]))]
        ),
        .testTarget(name: "TesseraCoreTests", dependencies: ["TesseraCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TesseraLuaTests", dependencies: ["TesseraLua", "TesseraCore", "TesseraRender"]),
        .testTarget(name: "TesseraRenderTests", dependencies: ["TesseraRender", "TesseraCore"],
                    // PictureNumberTests and the preview's browser test read these files by path.
                    exclude: ["Fixtures"]),
        .testTarget(name: "tesseraTests", dependencies: ["tessera", "TesseraCore", "TesseraRender"],
                    // GoldenOutputTests reads and writes these files by path.
                    exclude: ["Golden"]),
        // The README's Swift snippets, compiled with the tests (see Tests/SwiftUsageTests).
        .testTarget(name: "SwiftUsageTests", dependencies: ["TesseraCore", "TesseraLua"]),
    ]
)
