import Foundation

/// A number for people (summaries, previews, prompts): integral values without ".0", others
/// rounded to two decimals. Machine output (JSON, messages that must read back) uses
/// `JSONWriter.format`, which never rounds.
public func displayNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.2f", v)
}
