/// Numbers a renderer reads in the svg picture: coordinates, sizes, stroke widths, font sizes.
/// What a person reads there (the caption, hover titles) is `display`'s, at most two decimals,
/// as in the text output and the pages: seven more digits than a renderer draws only get in
/// a reader's way, while a coordinate must keep them for a picture drawn at a scale of 1e-10:
///
/// - a value is rounded to 10 significant digits (to 1e-9 of its leading digit's place), which
///   takes away binary noise (`235.60000000000008` is `235.6`, `0.30000000000000004` is `0.3`)
///   and keeps far more precision than any picture draws or a person compares: layout arithmetic
///   leaves noise around 1e-13 of a value even after thousands of additions, and a renderer
///   draws with single precision (about 7 digits). Halves round away from zero. The rounding is
///   relative to the value itself, with no absolute threshold, since a picture's scale may
///   rightly be 1e-10: what a cancellation leaves where 0 was meant (`-1.4210854715202004e-14`)
///   stays, as `-1.421085472e-14`;
/// - then written in its shortest form: no trailing zeros and no `.0` (`375`, `0.5`, `-12.25`),
///   never `-0`, in plain decimals from 1e-6 to below 1e15, beyond as `1.5e+21` and `1e-7`;
/// - `nan`, `inf` and `-inf` as they are.
///
/// JSON keeps every number exact (`JSONWriter.format`), and so do error messages
/// (`NumberText.exact`): there a person looks for the very value that was refused.
extension NumberText {
    /// `v` as a picture shows it: `375`, `235.6`, `347.1428571`, `1e-7`. O(1).
    public static func picture(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        guard v != 0 else { return "0" }
        let (digits, exponent) = PictureDigits(magnitude: abs(v)).shortest
        return (v < 0 ? "-" : "") + written(digits, exponent)
    }

    /// The digits `d1 d2 ...` of `d1.d2... × 10^exponent` written plainly within 1e-6...1e15,
    /// else with an exponent.
    private static func written(_ digits: [UInt8], _ exponent: Int) -> String {
        let text = String(decoding: digits, as: UTF8.self)
        if exponent < -6 || exponent >= 15 {
            let rest = digits.count > 1 ? "." + text.dropFirst() : ""
            return "\(text.prefix(1))\(rest)e\(exponent < 0 ? "-" : "+")\(abs(exponent))"
        }
        if exponent < 0 { return "0." + String(repeating: "0", count: -exponent - 1) + text }
        let whole = exponent + 1
        if digits.count <= whole { return text + String(repeating: "0", count: whole - digits.count) }
        return text.prefix(whole) + "." + text.dropFirst(whole)
    }
}

/// A positive finite magnitude rounded to 10 significant digits: the integer `units` in
/// 1e9..<1e10 and the decimal exponent of its first digit. Every step is one IEEE operation
/// on doubles (products and quotients by powers of ten that doubles hold exactly, halves
/// rounded away from zero), so JavaScript's numbers reach the same digits.
struct PictureDigits {
    /// 1, 10, ..., 1e22: the powers of ten a double holds exactly.
    static let powers: [Double] = {
        var p: [Double] = [1]
        while p.count < 23 { p.append(p[p.count - 1] * 10) }
        return p
    }()

    let units: Double
    let exponent: Int

    init(magnitude a: Double) {
        // The exponent found by stepping from 0: no logarithm (libraries differ in its last
        // bit), so both languages take the same steps to the same digits.
        var e = 0
        var x = Self.scaled(a, by: 9)
        while x >= 1e10 { e += 1; x = Self.scaled(a, by: 9 - e) }
        while x < 1e9 { e -= 1; x = Self.scaled(a, by: 9 - e) }
        var u = x.rounded()
        if u >= 1e10 { u = 1e9; e += 1 }   // 9999999999.5 and up round to the next power of ten
        units = u; exponent = e
    }

    /// The digits without trailing zeros (ASCII) and the exponent.
    var shortest: ([UInt8], Int) {
        var digits = Array(String(Int(units)).utf8)
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, exponent)
    }

    /// `a × 10^k`: one rounding when |k| ≤ 22, one more per further 22 (only for magnitudes
    /// below 1e-13 or beyond 1e31, far outside what layouts draw).
    static func scaled(_ a: Double, by k: Int) -> Double {
        var x = a, k = k
        while k > 22 { x *= powers[22]; k -= 22 }
        while k < -22 { x /= powers[22]; k += 22 }
        return k >= 0 ? x * powers[k] : x / powers[-k]
    }
}
