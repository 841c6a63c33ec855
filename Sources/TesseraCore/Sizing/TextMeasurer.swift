/// A deterministic text measurer: the same text, font size and width give the same height on every
/// machine, with no font files and no platform text engine.
///
/// Metrics: each Unicode scalar has an advance in thousandths of an em — a proportional sans-serif
/// table for ASCII, 0.6 em for other scripts, 1 em for CJK, Hangul, fullwidth forms and emoji, and 0
/// for combining marks, joiners, variation selectors and skin-tone modifiers (so an emoji sequence
/// counts as one wide glyph). Widths are summed in integer units, so wrapping never depends on
/// floating-point rounding.
///
/// Wrapping, like CSS `white-space: normal; overflow-wrap: break-word`: `\n`, `\r\n`, `\r`, U+2028
/// and U+2029 end a paragraph; runs of spaces and tabs collapse to one breakable space; leading and
/// trailing spaces take no room; lines break greedily at spaces; a word wider than the line starts
/// on a new line and is broken between characters. Every paragraph takes at least one line (so
/// "a\n\nb" is three lines); the empty string takes none.
public struct TextMeasurer: Hashable, Sendable {
    /// Font size in points; advances scale with it.
    public var fontSize: Double
    /// Distance between baselines: each line adds this much height.
    public var lineHeight: Double

    /// A measurer for text of `fontSize` points with lines `lineHeight` apart.
    public init(fontSize: Double = 16, lineHeight: Double = 20) {
        self.fontSize = fontSize; self.lineHeight = lineHeight
    }

    /// Height of `text` wrapped to `width`: `lineCount(of:width:) * lineHeight`. O(length of text).
    public func height(of text: String, width: Double) -> Double {
        Double(lineCount(of: text, width: width)) * lineHeight
    }

    /// Number of lines `text` takes when wrapped to `width` (0 for the empty string). A width too
    /// small for any character puts one character on each line. O(length of text).
    public func lineCount(of text: String, width: Double) -> Int {
        if text.isEmpty { return 0 }
        let limit = units(forWidth: width)
        var lines = 0
        forEachParagraph(text) { lines += Self.wrappedLines($0, limit: limit).count }
        return lines
    }

    /// `text` wrapped to `width`: the width of its widest line and its height (`height(of:width:)`),
    /// both 0 for the empty string. The width never exceeds `width` unless one character is
    /// wider. O(length of text).
    public func size(of text: String, width: Double) -> Size {
        if text.isEmpty { return Size(width: 0, height: 0) }
        let limit = units(forWidth: width)
        var lines = 0, widest = 0
        forEachParagraph(text) {
            let wrapped = Self.wrappedLines($0, limit: limit)
            lines += wrapped.count
            widest = max(widest, wrapped.widest)
        }
        return Size(width: Double(widest) * fontSize / 1000, height: Double(lines) * lineHeight)
    }

    /// Width of `text` on one line without wrapping: the widest paragraph, spaces collapsed as when
    /// wrapping, so `lineCount(of: t, width: width(of: t))` is the paragraph count. O(length of text).
    public func width(of text: String) -> Double {
        var widest = 0
        forEachParagraph(text) { widest = max(widest, Self.unwrappedUnits($0)) }
        return Double(widest) * fontSize / 1000
    }

    /// Advance of one scalar in points, on its own (no joiner or flag-pair context). O(1).
    public func advance(of scalar: Unicode.Scalar) -> Double {
        Double(Metrics.advance(scalar.value)) * fontSize / 1000
    }

    // MARK: Implementation

    /// The line width in thousandths of an em, for comparing with integer line widths. The tiny
    /// slack absorbs the rounding of `width(of:)` → points → units, so a text always fits on one
    /// line at exactly its own width.
    private func units(forWidth width: Double) -> Double {
        guard fontSize > 0 else { return .infinity }
        return width * 1000 / fontSize + 1e-6
    }

    /// One paragraph's Unicode scalar values, in order.
    private typealias Paragraph = UnsafeBufferPointer<UInt32>

    /// Calls `body` with each paragraph of `text` (split at line breaks, `\r\n` counting once).
    /// The scalars are decoded once into a buffer (on the stack for short texts) and measured by
    /// integer index: indexing a string's scalar view checks every index, which cost more than
    /// the measuring itself.
    private func forEachParagraph(_ text: String, _ body: (Paragraph) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: text.utf8.count) { buffer in
            var n = 0
            for scalar in text.unicodeScalars {
                buffer[n] = scalar.value
                n += 1
            }
            let scalars = Paragraph(rebasing: buffer[0..<n])
            var start = 0, i = 0
            while i < n {
                let v = scalars[i]
                if v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 {
                    body(Paragraph(rebasing: scalars[start..<i]))
                    var next = i + 1
                    if v == 0x0D, next < n, scalars[next] == 0x0A { next += 1 }
                    start = next
                    i = next
                } else {
                    i += 1
                }
            }
            body(Paragraph(rebasing: scalars[start..<n]))
        }
    }

    /// Lines taken by one paragraph (at least 1) and the widest one's units: greedy breaking at
    /// collapsed spaces, overlong words broken between characters.
    private static func wrappedLines(_ p: Paragraph, limit: Double) -> (count: Int, widest: Int) {
        let space = Metrics.spaceAdvance
        var lines = 0, widest = 0
        var lineUnits = 0          // width of the current line so far
        var lineEmpty = true
        var i = 0
        while i < p.count {
            if Metrics.isSpace(p[i]) { i += 1; continue }
            // Measure the word [i, end).
            var end = i
            var state = Metrics.State()
            var wordUnits = 0
            while end < p.count, !Metrics.isSpace(p[end]) {
                wordUnits += state.advance(p[end])
                end += 1
            }
            if !lineEmpty && Double(lineUnits + space + wordUnits) <= limit {
                lineUnits += space + wordUnits
            } else {
                if !lineEmpty { lines += 1; widest = max(widest, lineUnits); lineUnits = 0 }
                if Double(wordUnits) <= limit {
                    lineUnits = wordUnits
                } else {
                    // Break the word between characters; its tail stays on the current line.
                    var charState = Metrics.State()
                    var started = false
                    var k = i
                    while k < end {
                        let a = charState.advance(p[k])
                        if started && a > 0 && Double(lineUnits + a) > limit {
                            lines += 1; widest = max(widest, lineUnits); lineUnits = 0
                        }
                        lineUnits += a
                        started = true
                        k += 1
                    }
                }
                lineEmpty = false
            }
            i = end
        }
        return (lines + 1, max(widest, lineUnits))  // the last (possibly empty) line
    }

    /// Width of one paragraph on a single line, spaces collapsed and trimmed.
    private static func unwrappedUnits(_ p: Paragraph) -> Int {
        var units = 0
        var pendingSpace = false
        var state = Metrics.State()
        for v in p {
            if Metrics.isSpace(v) {
                pendingSpace = units > 0
                state = Metrics.State()
                continue
            }
            if pendingSpace { units += Metrics.spaceAdvance; pendingSpace = false }
            units += state.advance(v)
        }
        return units
    }
}

/// The advance table and the little bit of context (joiners, flag pairs) that scalars need.
extension TextMeasurer {
    enum Metrics {
        /// Advances of ASCII 0x20...0x7E in thousandths of an em: approximate widths of a common
        /// proportional sans-serif face (narrow `i l .`, wide `m w M W @`, digits all equal).
        static let ascii: [Int] = [
            278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space ! " # $ % & ' ( ) * + , - . /
            556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0-9 : ; < = > ?
            1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ A-O
            667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P-Z [ \ ] ^ _
            333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` a-o
            556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,       // p-z { | } ~
        ]
        static let spaceAdvance = 278
        static let defaultAdvance = 600
        static let wideAdvance = 1000

        @inline(__always) static func isSpace(_ v: UInt32) -> Bool { v == 0x20 || v == 0x09 }

        /// Advance of one scalar without context. O(1).
        static func advance(_ v: UInt32) -> Int {
            if v < 0x80 { return v >= 0x20 && v < 0x7F ? ascii[Int(v - 0x20)] : 0 }
            if v == 0xA0 { return spaceAdvance }  // no-break space
            if isZeroWidth(v) { return 0 }
            if isWide(v) { return wideAdvance }
            return defaultAdvance
        }

        static func isZeroWidth(_ v: UInt32) -> Bool {
            switch v {
            case 0x80...0x9F,                 // C1 controls
                 0x0300...0x036F,             // combining diacritical marks
                 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
                 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
                 0x200B...0x200F,             // zero-width space, joiners, direction marks
                 0x2060...0x2064, 0xFEFF,
                 0xFE00...0xFE0F,             // variation selectors
                 0x1F3FB...0x1F3FF,           // emoji skin-tone modifiers
                 0xE0000...0xE007F,           // tags (flag sequences)
                 0xE0100...0xE01EF:
                return true
            default:
                return false
            }
        }

        static func isWide(_ v: UInt32) -> Bool {
            switch v {
            case 0x1100...0x115F,             // Hangul Jamo initials
                 0x231A...0x231B, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
                 0x2600...0x27BF,             // miscellaneous symbols and dingbats (emoji)
                 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
                 0x2E80...0x303E, 0x3041...0x33FF, // CJK radicals, punctuation, kana, compatibility
                 0x3400...0x4DBF, 0x4E00...0x9FFF, // CJK ideographs
                 0xA000...0xA4CF,             // Yi
                 0xA960...0xA97F, 0xAC00...0xD7A3, // Hangul
                 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, // fullwidth forms
                 0x1F000...0x1FAFF,           // emoji, pictographs, regional indicators
                 0x20000...0x3FFFD:           // CJK extensions
                return true
            default:
                return false
            }
        }

        /// Context across scalars: a scalar after a zero-width joiner is part of the same emoji, and
        /// regional indicators pair up into one flag.
        struct State {
            var afterJoiner = false
            var pendingRegional = false

            @inline(__always) mutating func advance(_ v: UInt32) -> Int {
                if v < 0x80 {
                    afterJoiner = false; pendingRegional = false
                    return Metrics.advance(v)
                }
                if v == 0x200D { afterJoiner = true; return 0 }
                if afterJoiner { afterJoiner = false; return 0 }
                if (0x1F1E6...0x1F1FF).contains(v) {
                    defer { pendingRegional.toggle() }
                    return pendingRegional ? 0 : wideAdvance
                }
                pendingRegional = false
                return Metrics.advance(v)
            }
        }
    }
}
