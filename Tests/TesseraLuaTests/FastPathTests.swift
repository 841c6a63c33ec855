import Foundation
import Testing
import TesseraCore
@testable import TesseraLua

/// The fast data paths of `ctx` (sizes answered in C from copied storage, item proxies over
/// columns, columns read from the dataset's storage) give exactly what the simple reference
/// paths give (`LuaHost.referenceDataAccess`): every shipped layout on every shipped dataset,
/// under every sizing rule, bit for bit, or the same error.
@Suite struct FastPathTests {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func files(_ folder: String, _ extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
        return names.filter { extensions.contains(($0 as NSString).pathExtension) }.sorted().map { folder + "/" + $0 }
    }

    /// A layout's outcome, exact to the bit: frames, elements and content size, or the error.
    static func outcome(_ script: LayoutScript, _ context: LayoutContext) -> String {
        func bits(_ r: Rect) -> String {
            [r.x, r.y, r.width, r.height].map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
        }
        do {
            let result = try script.configured().layout(context)
            var lines = ["content " + bits(Rect(x: 0, y: 0, width: result.contentSize.width, height: result.contentSize.height))]
            lines += try result.allFrames.map(bits)
            lines += result.elements.map { "\($0.category) \($0.kind) \($0.section) \(bits($0.frame))" }
            return lines.joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    @Test func everyShippedLayoutOnEveryDatasetMatchesTheReferencePaths() throws {
        let layouts = Self.files("layouts", ["lua"])
        let datasets = Self.files("datasets", ["json"]) + Self.files("datasets/examples", ["jsonl", "csv"])
        #expect(layouts.count >= 8 && datasets.count >= 13)
        // No time limit: minutes of fixed work in all, and a limit firing on one path and not the
        // other (a busy machine) would be a difference that says nothing about the paths.
        let unlimited = ScriptLimits(timeLimit: nil)
        let fast = try LuaHost(limits: unlimited), reference = try LuaHost(limits: unlimited)
        reference.referenceDataAccess = true
        var compared = 0, laidOut = 0
        for path in datasets {
            let dataset = try DatasetLoader.load(path: Self.root + "/" + path)
            for rule in SizingRule.allCases {
                let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 375, height: 812),
                                            sizing: ItemSizing(rule: rule))
                for layout in layouts {
                    let a = Self.outcome(try fast.loadLayoutScript(path: Self.root + "/" + layout), context)
                    let b = Self.outcome(try reference.loadLayoutScript(path: Self.root + "/" + layout), context)
                    #expect(a == b, "\(layout) on \(path), \(rule): the fast and reference paths differ")
                    compared += 1
                    if !a.hasPrefix("error:") { laidOut += 1 }
                }
            }
        }
        // Most pairs lay out (a layout may reject a dataset it was not written for, alike on both paths).
        #expect(laidOut * 2 > compared, "only \(laidOut) of \(compared) layouts ran")
    }
}
