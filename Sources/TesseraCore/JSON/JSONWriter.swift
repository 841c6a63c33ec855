/// Serialises `JSONValue` as JSON text: compact, or pretty with shallow values kept on one line.
///
/// Numbers: integers as written; doubles in the shortest form that reads back to the same bits
/// (Swift's `description`), and — by default — integral doubles with |v| < 2^53 without ".0", so a
/// frame prints as `[0, 0, 120, 140.35]`. Non-finite doubles are a programming error (a
/// precondition): layouts validate frames before anything is written, and JSON has no NaN; only
/// text for people (`Options.nonFiniteAsLua`) writes them, as Lua does.
///
/// Strings: `"` and `\` escaped, control characters as `\n`, `\t`, ... or `\u00XX`; everything else
/// is written as UTF-8 unchanged.
package enum JSONWriter {
    /// Layout of the output.
    public struct Options: Hashable, Sendable {
        /// Pretty output: nested values on their own indented lines, `": "` and `", "` separators.
        public var pretty: Bool
        /// Spaces per indentation level (pretty output only).
        public var indent: Int
        /// In pretty output, a container whose nesting depth is at most this many levels stays on one
        /// line: with 2, `[0, 0, 120, 140.35]` and `{"id": "a", "frame": [0, 0, 1, 1]}` are inline.
        /// An array that holds objects is always expanded, so a list of items prints one per line.
        public var inlineDepth: Int
        /// Print integral doubles with |v| < 2^53 as integers (`120` rather than `120.0`). Turn off
        /// for an exact round trip, where `.double(120)` must not read back as `.int(120)`.
        public var integralDoublesAsIntegers: Bool

        /// Write a NaN or an infinity as Lua prints it (`nan`, `inf`, `-inf`) instead of stopping:
        /// for text a person reads (a test's message quoting a script's value), never for JSON a
        /// program reads.
        public var nonFiniteAsLua: Bool

        public init(pretty: Bool = false, indent: Int = 2, inlineDepth: Int = 2,
                    integralDoublesAsIntegers: Bool = true, nonFiniteAsLua: Bool = false) {
            self.pretty = pretty; self.indent = indent; self.inlineDepth = inlineDepth
            self.integralDoublesAsIntegers = integralDoublesAsIntegers
            self.nonFiniteAsLua = nonFiniteAsLua
        }

        /// No whitespace at all.
        public static let compact = Options()
        /// Indented by two spaces, shallow values inline.
        public static let pretty = Options(pretty: true)
        /// One line with `": "` and `", "` separators (a list of records one per line), and any
        /// NaN or infinity as Lua prints it: a value's `description`, which must never stop.
        package static let readable = Options(pretty: true, inlineDepth: .max, nonFiniteAsLua: true)
    }

    /// `value` as JSON text. O(size of the output).
    public static func write(_ value: JSONValue, options: Options = .compact) -> String {
        var out: [UInt8] = []
        write(value, options: options, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` as JSON text (UTF-8) to `out`. O(size of the output).
    public static func write(_ value: JSONValue, options: Options = .compact, into out: inout [UInt8]) {
        var w = Writer(options: options, out: out)
        out = []  // hand the buffer over without a copy
        w.value(value, level: 0)
        out = w.out
    }

    /// Appends `v` in the writer's number format (shortest round trip, integral without ".0").
    /// For writers that stream frames without building `JSONValue`s. O(1).
    public static func appendNumber(_ v: Double, to out: inout [UInt8], integralAsInteger: Bool = true) {
        precondition(v.isFinite, "JSON cannot represent \(v); frames must be validated before writing")
        if integralAsInteger, v.magnitude <= 9_007_199_254_740_991, v == v.rounded(.towardZero) {
            appendInteger(Int(v), to: &out)   // -0.0 becomes 0, so -0 prints as 0
        } else {
            out.append(contentsOf: v.description.utf8)
        }
    }

    /// Appends `n` in decimal, as `String(n)` writes it, without building the string (the
    /// writers' frames are mostly integers). O(digits).
    package static func appendInteger(_ n: Int, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var rest = n.magnitude
        // Lowest digit first, from the end of a buffer on the stack (20 digits hold UInt.max).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `v` in the writer's number format: `120`, `140.35`, `1e-07`, `1.5e+300`. O(1).
    public static func format(_ v: Double, integralAsInteger: Bool = true) -> String {
        var out: [UInt8] = []
        appendNumber(v, to: &out, integralAsInteger: integralAsInteger)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal (with quotes and escapes). O(length of `s`).
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(c)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(c)
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(c >> 4)]); out.append(hex[Int(c & 0xF)])
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// The recursive writer; `out` is the buffer being filled.
private struct Writer {
    let options: JSONWriter.Options
    var out: [UInt8]

    mutating func value(_ v: JSONValue, level: Int) {
        switch v {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let n): JSONWriter.appendInteger(n, to: &out)
        case .double(let d) where !d.isFinite && options.nonFiniteAsLua:
            out.append(contentsOf: (d.isNaN ? "nan" : d > 0 ? "inf" : "-inf").utf8)
        case .double(let d): JSONWriter.appendNumber(d, to: &out, integralAsInteger: options.integralDoublesAsIntegers)
        case .string(let s): JSONWriter.appendString(s, to: &out)
        case .array(let a):
            // A list of records prints one record per line, however small the records are.
            let multiline = options.pretty
                && (!isShallow(v, depth: options.inlineDepth) || a.contains { if case .object = $0 { return true } else { return false } })
            out.append(UInt8(ascii: "["))
            for (k, e) in a.enumerated() {
                if k > 0 { separator(multiline) }
                if multiline { newline(level + 1) }
                value(e, level: level + 1)
            }
            if multiline && !a.isEmpty { newline(level) }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            let multiline = options.pretty && !isShallow(v, depth: options.inlineDepth)
            out.append(UInt8(ascii: "{"))
            for (k, (key, e)) in o.enumerated() {
                if k > 0 { separator(multiline) }
                if multiline { newline(level + 1) }
                JSONWriter.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if options.pretty { out.append(UInt8(ascii: " ")) }
                value(e, level: level + 1)
            }
            if multiline && !o.isEmpty { newline(level) }
            out.append(UInt8(ascii: "}"))
        }
    }

    mutating func separator(_ multiline: Bool) {
        out.append(UInt8(ascii: ","))
        if options.pretty && !multiline { out.append(UInt8(ascii: " ")) }
    }

    mutating func newline(_ level: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * options.indent))
    }
}

/// Whether `v` nests at most `depth` containers deep (a scalar is 0, `[1, 2]` is 1).
/// Stops early, so checking every node of a deep tree costs O(n · depth) at worst.
private func isShallow(_ v: JSONValue, depth: Int) -> Bool {
    switch v {
    case .array(let a):
        guard depth > 0 else { return false }
        return a.allSatisfy { isShallow($0, depth: depth - 1) }
    case .object(let o):
        guard depth > 0 else { return false }
        return o.values.allSatisfy { isShallow($0, depth: depth - 1) }
    default:
        return true
    }
}
