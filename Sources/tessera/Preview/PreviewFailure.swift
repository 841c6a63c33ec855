import Foundation
import TesseraCore
import TesseraLua

/// A failed preview run, as the page's error panel and the terminal show it: the kind, where
/// (file:line:col, as far as the error tells), the message, a few source lines around the
/// line, and the Lua traceback.
struct PreviewFailure {
    var kind: String
    var file: String?
    var line: Int?
    var column: Int?
    var message: String
    var traceback: String

    /// `known`: the files the run read; Lua shortens a long file name to `...` and its end, and
    /// the panel needs the whole name to show the source.
    init(_ error: any Error, known: [String] = []) {
        switch error {
        case let e as LuaScriptError:
            kind = e.kind.rawValue
            message = e.message
            // A chunk that did not compile has no Lua frames: only "[C]: in ?", which says nothing.
            let frames = e.traceback.split(separator: "\n").dropFirst()
            traceback = frames.allSatisfy({ $0.trimmingCharacters(in: .whitespaces) == "[C]: in ?" }) ? "" : e.traceback
            file = e.location.map { Self.fullName($0.file, known: known) }
            line = e.location?.line
            if e.kind == .syntax, let file, let line { column = Self.syntaxColumn(message: e.message, file: file, line: line) }
        case let e as DatasetError:
            kind = "data"
            message = e.description
            traceback = ""
            file = e.file; line = e.line; column = e.column
        case let e as AnimationFormatError:
            kind = "animation"
            message = e.description
            traceback = ""
        case let e as CLIError:
            kind = "input"
            message = e.description
            traceback = ""
        default:
            kind = "layout"
            message = String(describing: error)
            traceback = ""
        }
    }

    static func fullName(_ file: String, known: [String]) -> String {
        guard file.hasPrefix("...") else { return file }
        return known.first { $0.hasSuffix(file.dropFirst(3)) } ?? file
    }

    /// Lua names the token a syntax error is near (`near 'x'`), not its column: the column is
    /// where that token first appears on the line, when it does.
    static func syntaxColumn(message: String, file: String, line: Int) -> Int? {
        guard let near = message.range(of: "near '"), let end = message[near.upperBound...].firstIndex(of: "'") else { return nil }
        let token = String(message[near.upperBound..<end])
        guard !token.isEmpty, let text = sourceLines(file: file, around: line, context: 0).first?.1,
              let range = text.range(of: token) else { return nil }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    /// Lines `line - context ... line + context` of a file that can be read, numbered from 1.
    static func sourceLines(file: String, around line: Int, context: Int) -> [(Int, String)] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let range = max(1, line - context)...max(1, min(lines.count, line + context))
        return range.filter { $0 <= lines.count }.map { ($0, String(lines[$0 - 1].prefix(300))) }
    }

    /// `file:line:col` as far as known.
    var place: String? {
        guard let file else { return nil }
        return [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
    }

    /// The page's message: `{"type":"error","gen":G,"kind":...,"file":...,"line":...,"column":...,
    /// "message":...,"source":[[n,"text"],...],"traceback":...,"timings":[...]}`.
    func json(generation: Int, timings: [(String, Double)]) -> String {
        var object: [(String, JSONValue)] = [
            ("type", .string("error")), ("gen", .int(generation)), ("kind", .string(kind)),
            ("message", .string(message)), ("traceback", .string(traceback)),
        ]
        if let file { object.append(("file", .string(file))) }
        if let line { object.append(("line", .int(line))) }
        if let column { object.append(("column", .int(column))) }
        if let file, let line {
            object.append(("source", .array(Self.sourceLines(file: file, around: line, context: 3).map {
                .array([.int($0.0), .string($0.1)])
            })))
        }
        object.append(("timings", .array(timings.map { .array([.string($0.0), .double($0.1)]) })))
        return JSONWriter.write(.object(.init(uniqueKeysWithValues: object)))
    }
}
