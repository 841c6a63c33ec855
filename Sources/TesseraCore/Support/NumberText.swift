/// Numbers for people (summaries, prompts, `check`'s lines, and every number a person reads in
/// a picture: captions, hover titles, the pages' tooltips and status lines, the ASCII legends),
/// written without Foundation's `String(format:)`. The coordinates a renderer reads have their
/// own rule, `picture` (NumberText+Picture.swift). Machine output (JSON, messages that must read
/// back) uses `JSONWriter.format`, which never rounds.
package enum NumberText {
    /// At most two decimals and no trailing zeros, so float noise never shows: `375` for
    /// 374.99999999999994, `347.14` for 347.1428571428571, `0.5`. The one formatter for human
    /// lines, shared with `tessera check`'s messages (`LayoutCheck.number`). O(1).
    public static func display(_ v: Double) -> String { LayoutCheck.number(v) }

    /// `(0, 235.6, 375, 347.14)`: a frame as a person reads it, in a picture's hover titles and
    /// the ASCII previews' legends. O(1).
    public static func display(frame r: Rect) -> String {
        "(\(display(r.x)), \(display(r.y)), \(display(r.width)), \(display(r.height)))"
    }

    /// `v` exactly, for a refused value: the shortest text that reads back as `v`, a whole
    /// number without ".0" (`2`, `1.5`, `-1`), and `nan`, `inf`, `-inf`. O(1).
    public static func exact(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        return JSONWriter.format(v)
    }

    /// `v` with exactly `decimals` digits after the point, as `printf("%.*f")` writes it: `3.14`,
    /// `-0.50`, `12.00`. The last digit is rounded half to even on the scaled value. Values whose
    /// scaled magnitude reaches 2^53 (no fractional digits left to show) are written in
    /// `JSONWriter.format`'s shortest form instead; non-finite values as `inf`, `-inf`, `nan`.
    /// `decimals` is clamped to 0...9. O(decimals).
    public static func fixed(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        let places = max(0, min(9, decimals))
        var power = 1
        for _ in 0..<places { power *= 10 }
        let scaled = (abs(v) * Double(power)).rounded(.toNearestOrEven)
        guard let units = Int(whole: scaled, in: 0...9_007_199_254_740_991) else { return JSONWriter.format(v) }
        let sign = v < 0 && units != 0 ? "-" : ""
        let whole = String(units / power)
        guard places > 0 else { return sign + whole }
        let fraction = String(units % power)
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A count as a person reads it: its digits grouped in threes by commas, as the pages'
    /// `displayCount` (display-number.js) writes one: `1,234`, `999`, `-1,000,000`. For counts
    /// only: ids, offsets, coordinates and what a program reads are written plainly. O(digits).
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var text = n < 0 ? "-" : ""
        for (k, digit) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// A count with its noun, plural unless the count is one, its digits grouped as `grouped`
    /// writes them: `1 section`, `0 sections`, `1,988 items`, as every count a person reads is
    /// written (text outputs, summaries, messages, pictures; never JSON, CSV, ids or
    /// coordinates). For nouns whose plural adds an s (every noun the CLI counts). O(digits).
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }
}
