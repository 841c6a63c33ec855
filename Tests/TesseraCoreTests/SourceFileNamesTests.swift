import Foundation
import Testing

/// A file named like a type is that type: every `Sources/**/Type.swift` or `Type+Concern.swift`
/// names a type declared in Sources, and a `Type+Concern.swift` extends its type. Files of free
/// functions or of several small types are named for their concept in lowerCamel, which this
/// rule leaves alone. A failure names each file and what it lacks.
@Suite struct SourceFileNamesTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources, with its text.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let root = sources.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(String, String)] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            files.append(("Sources/" + relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The names after `class`, `struct`, `enum`, `protocol`, `actor` or `typealias` in `text`.
    static func declaredTypes(_ text: String) -> Set<String> {
        let keywords: Set<Substring> = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        var names = Set<String>()
        for (word, next) in zip(words, words.dropFirst()) where keywords.contains(word) {
            names.insert(String(next))
        }
        return names
    }

    /// Whether a line of `text` starts (after modifiers) with `extension <type>`.
    static func extends(_ text: String, _ type: String) -> Bool {
        text.split(separator: "\n").contains { line in
            var rest = Substring(line)
            for modifier in ["public ", "package ", "internal ", "fileprivate ", "private "] where rest.hasPrefix(modifier) {
                rest = rest.dropFirst(modifier.count)
            }
            guard rest.hasPrefix("extension " + type) else { return false }
            let after = rest.dropFirst(("extension " + type).count).first
            return after.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
        }
    }

    @Test func aFileNamedLikeATypeIsThatType() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        let declared = files.reduce(into: Set<String>()) { $0.formUnion(Self.declaredTypes($1.text)) }
        var wrong: [String] = []
        for file in files {
            let stem = String(file.path.split(separator: "/").last!.dropLast(".swift".count))
            guard stem.first?.isUppercase == true else { continue }
            let type = String(stem.prefix { $0 != "+" })
            // A `Type+Concern.swift` may extend a type of another module (Int, String).
            if stem.contains("+") {
                if !Self.extends(file.text, type) { wrong.append("\(file.path): does not extend \(type)") }
            } else if !declared.contains(type) {
                wrong.append("\(file.path): no type \(type) is declared in Sources")
            }
        }
        #expect(wrong == [])
    }
}
