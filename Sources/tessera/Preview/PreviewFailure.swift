import Foundation
import TesseraCore
import TesseraLua

/// A failed preview run, as the page's error panel and the terminal show it: the kind, where
/// (file:line:col, as far as the error tells), the message after that place (the panel's head
/// and the terminal line say the place once, before it), a few source lines around the line,
/// and the Lua traceback.
///
/// Source lines come only from the bytes the run read (`sources`), never from a file a message
/// names: a script's `error("/etc/shadow:1: x", 0)` names a file, and reading it would show it
/// to the page (or read /dev/zero for ever).
struct PreviewFailure {
    var kind: String
    var file: String?
    var line: Int?
    var column: Int?
    /// What went wrong, after `place` when there is one: `items[1].id: expected ...`, `boom`.
    var message: String
    var traceback: String
    /// Lines around `line` of `file`, numbered from 1, when the run read that file.
    var source: [(Int, String)] = []

    /// `known`: the files the run used; Lua shortens a long file name to `...` and its end, and
    /// the panel needs the whole name to show the source. `sources`: the bytes the run read, by
    /// file name.
    init(_ error: any Error, known: [String] = [], sources: [String: [UInt8]] = [:]) {
        self.init(describing: error, known: known + sources.keys)
        guard let file, let line, let bytes = Self.bytes(of: file, in: sources) else { return }
        source = Self.sourceLines(bytes, around: line, context: 3)
        if kind == LuaScriptError.Kind.syntax.rawValue { column = Self.syntaxColumn(message: message, source: source, line: line) }
    }

    /// The bytes the run read of `file`, by its name or its absolute path.
    private static func bytes(of file: String, in sources: [String: [UInt8]]) -> [UInt8]? {
        if let bytes = sources[file] { return bytes }
        let absolute = FileWatcher.absolute(file)
        return sources.first { FileWatcher.absolute($0.key) == absolute }?.value
    }

    /// Classified by the error's `TesseraErrorKind`; the page's kind is the script error's own
    /// (syntax, runtime, ...) or the family's name on the page (`data`, `animation`, `layout`);
    /// an error of the command itself (a `CLIError`, such as an unknown animator) is `input`.
    /// A data error is worded as every command words it (a repeated id names `--duplicates`).
    private init(describing error: any Error, known: [String]) {
        traceback = ""
        guard let tessera = error as? any TesseraError else {
            kind = error is CLIError ? "input" : "layout"
            message = String(describing: error)
            return
        }
        kind = Self.pageKind(tessera.errorKind)
        message = tessera.description
        if let e = tessera.scriptError {
            kind = e.kind.rawValue
            traceback = e.traceback
            message = e.message
            if let location = e.location {
                file = Self.fullName(location.file, known: known)
                line = location.line
                message = Self.afterPlace(e.message, "\(location.file):\(location.line):")
            } else if let named = e.file {
                // A script's shape or params refused (`grid.lua: param 'mode' ...`): no line,
                // but the head still says which file.
                file = Self.fullName(named, known: known)
                message = Self.afterPlace(e.message, "\(named):")
            }
        } else if let e = tessera.datasetError?.namingFlags {
            file = e.file; line = e.line; column = e.column
            message = e.problem
        }
    }

    /// `message` without the `place` it starts with (Lua's `file:line:`) and the space after.
    private static func afterPlace(_ message: String, _ place: String) -> String {
        guard message.hasPrefix(place) else { return message }
        let rest = message.dropFirst(place.count)
        return String(rest.hasPrefix(" ") ? rest.dropFirst() : rest)
    }

    /// The page's name of an error family (its panel and the terminal line show it).
    static func pageKind(_ kind: TesseraErrorKind) -> String {
        switch kind {
        case .dataset: "data"
        case .animation: "animation"
        case .script: "script"
        case .layout, .json, .snapshot, .apply: "layout"
        }
    }

    static func fullName(_ file: String, known: [String]) -> String {
        guard file.hasPrefix("...") else { return file }
        return known.first { $0.hasSuffix(file.dropFirst(3)) } ?? file
    }

    /// Lua names the token a syntax error is near (`near 'x'`), not its column: the column is
    /// where that token first appears on the line, when it does.
    static func syntaxColumn(message: String, source: [(Int, String)], line: Int) -> Int? {
        guard let near = message.range(of: "near '"), let end = message[near.upperBound...].firstIndex(of: "'") else { return nil }
        let token = String(message[near.upperBound..<end])
        guard !token.isEmpty, let text = source.first(where: { $0.0 == line })?.1,
              let range = text.range(of: token) else { return nil }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    /// Lines `line - context ... line + context` of `bytes`, numbered from 1, each cut to 300
    /// characters. Scans only up to the last line wanted. O(bytes before it).
    static func sourceLines(_ bytes: [UInt8], around line: Int, context: Int) -> [(Int, String)] {
        let first = max(1, line - context), last = line + context
        guard first <= last else { return [] }
        var lines: [(Int, String)] = []
        var number = 1, start = 0
        while start <= bytes.count, number <= last {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if number >= first { lines.append((number, String(String(decoding: bytes[start..<end], as: UTF8.self).prefix(300)))) }
            if end == bytes.count { break }
            number += 1
            start = end + 1
        }
        return lines
    }

    /// `file:line:col` as far as known.
    var place: String? {
        guard let file else { return nil }
        return [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
    }

    /// The place and the message as one sentence, `file:line:col: message`, for a line that
    /// names no place of its own.
    var sentence: String { place.map { "\($0): \(message)" } ?? message }

    /// The page's message: `{"type":"error","gen":G,"kind":...,"file":...,"line":...,"column":...,
    /// "message":...,"source":[[n,"text"],...],"traceback":...,"timings":[...]}`. The message and
    /// traceback are cut as the terminal cuts them: a script's `error(string.rep("x", 5e7))` would
    /// be a message past the page's queue (which then drops it, and the page never hears the run
    /// failed), and no panel shows megabytes usefully.
    func json(generation: Int, timings: [(String, Double)]) -> String {
        var object: [(String, JSONValue)] = [
            ("type", .string("error")), ("gen", .int(generation)), ("kind", .string(kind)),
            ("message", .string(MessageCut.cut(message))), ("traceback", .string(MessageCut.cut(traceback))),
        ]
        if let file { object.append(("file", .string(file))) }
        if let line { object.append(("line", .int(line))) }
        if let column { object.append(("column", .int(column))) }
        if !source.isEmpty {
            object.append(("source", .array(source.map { .array([.int($0.0), .string($0.1)]) })))
        }
        object.append(("timings", .array(timings.map { .array([.string($0.0), .double($0.1)]) })))
        return JSONWriter.write(.object(.init(uniqueKeysWithValues: object)))
    }
}
