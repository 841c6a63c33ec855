import Foundation
import Testing
@_spi(Testing) @testable import TesseraCore

/// Random mutations of real dataset files (truncation, byte flips, inserted nesting, huge
/// numbers, and mixes of them): every case either loads, and then lays out or gives a layout
/// error, or gives a one-sentence `DatasetError` naming the file. None may crash or hang.
/// Seeded, so a failure names the case that replays it.
@Suite struct DatasetFuzzTests {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func seed(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
    }

    static let hugeNumbers = ["1e999", "-1e999", "1e308", "9223372036854775808", "-9223372036854775809",
                              String(repeating: "9", count: 400), "1e-400", "-0", "4.9e-324", "1.7976931348623157e308"]

    /// One random mutation of `bytes`.
    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = bytes
        let at = b.isEmpty ? 0 : rng.below(b.count + 1)
        switch rng.next() % 5 {
        case 0:   // truncation
            b.removeSubrange(at...)
        case 1:   // byte flips
            for _ in 0..<(1 + rng.next() % 4) where !b.isEmpty {
                b[rng.below(b.count)] = UInt8(truncatingIfNeeded: rng.next())
            }
        case 2:   // inserted nesting, sometimes unbalanced, sometimes deeper than the parser allows
            let depth = rng.below(700)
            let open = rng.next() % 2 == 0 ? "[" : "{\"k\":"
            let close = open == "[" ? "]" : "}"
            let closing = rng.next() % 4 == 0 ? depth / 2 : depth
            let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: closing)
            b.insert(contentsOf: Array(text.utf8), at: at)
        case 3:   // a number replaced by a huge (or tiny) one
            let digits = b.indices.filter { (b[$0] >= 0x30 && b[$0] <= 0x39) && ($0 == 0 || !(b[$0 - 1] >= 0x30 && b[$0 - 1] <= 0x39)) }
            guard !digits.isEmpty else { break }
            let start = digits[rng.below(digits.count)]
            var end = start
            while end < b.count, (b[end] >= 0x30 && b[end] <= 0x39) || b[end] == 0x2E || b[end] == 0x65 { end += 1 }
            b.replaceSubrange(start..<end, with: Array(hugeNumbers[rng.below(hugeNumbers.count)].utf8))
        default:  // a slice copied somewhere else
            let from = b.isEmpty ? 0 : rng.below(b.count)
            let length = min(b.count - from, rng.below(64))
            b.insert(contentsOf: Array(b[from..<(from + length)]), at: at)
        }
        return b
    }

    @Test(arguments: [("datasets/examples/photos.jsonl", DatasetFormat.jsonLines),
                      ("datasets/examples/photos.csv", .csv),
                      ("datasets/images-wallpapers.json", .json)])
    func mutatedRealDatasetsLoadOrGiveALocatedOneSentenceError(path: String, format: DatasetFormat) throws {
        let original = try Self.seed(path)
        var rng = SplitMix64(seed: 16)
        let name = (path as NSString).lastPathComponent
        var loaded = 0, refused = 0
        for n in 0..<800 {
            var bytes = Self.mutate(original, &rng)
            if rng.next() % 3 == 0 { bytes = Self.mutate(bytes, &rng) }
            do {
                let dataset = try DatasetLoader.parse(data: bytes, fileName: name, format: format)
                loaded += 1
                let context = LayoutContext(dataset: dataset, collectionSize: Size(width: 375, height: 812),
                                            sizing: ItemSizing(rule: .intrinsic))
                do {
                    let result = try WaterfallLayout(columns: 2).layout(context)
                    #expect(result.contentSize.width.isFinite && result.contentSize.height.isFinite, "case \(n)")
                } catch let error as LayoutError {
                    #expect(!error.message.contains("\n"), "case \(n)")
                }
            } catch let error as DatasetError {
                refused += 1
                let text = error.description
                #expect(text.hasPrefix(name + ":") && text.hasSuffix(".") && !text.contains("\n") && text.count < 400,
                        "case \(n): \(text.prefix(600))")
            }
        }
        #expect(loaded > 0 && refused > 0, "\(loaded) loaded, \(refused) refused")
    }
}
