import TesseraCore

extension LayoutElement {
    /// Appends the element as the pretty writer writes `json(category: false)` inside a list of
    /// records (one line, `", "` between members), without building that value: a sectioned run
    /// lists a background, and often a header, per section. O(1).
    func appendRecord(to out: inout [UInt8]) {
        func member(_ key: String) {
            out.append(contentsOf: ", \"".utf8)
            out.append(contentsOf: key.utf8)
            out.append(contentsOf: "\": ".utf8)
        }
        func number(_ key: String, _ value: Double) {
            member(key)
            JSONWriter.appendNumber(value, to: &out)
        }
        func integer(_ key: String, _ value: Int) {
            member(key)
            out.append(contentsOf: String(value).utf8)
        }
        out.append(contentsOf: "{\"kind\": ".utf8)
        JSONWriter.appendString(kind, to: &out)
        integer("section", section)
        if let index { integer("index", index) }
        if groupLevel != 0 { integer("groupLevel", groupLevel) }
        member("frame")
        out.append(UInt8(ascii: "["))
        frame.appendJSONNumbers(to: &out)
        out.append(UInt8(ascii: "]"))
        integer("zIndex", zIndex)
        if pinned { member("pinned"); out.append(contentsOf: "true".utf8) }
        if pinned && pinEdge != .top { member("pinEdge"); JSONWriter.appendString(pinEdge.rawValue, to: &out) }
        if let pinUntil { number("pinUntil", pinUntil) }
        if let label { member("label"); JSONWriter.appendString(label, to: &out) }
        if isGlobal { member("global"); out.append(contentsOf: "true".utf8) }
        if alpha != 1 { number("alpha", alpha) }
        if transform != .identity {
            number("scale", transform.scale); number("rotation", transform.rotation)
            number("tx", transform.tx); number("ty", transform.ty)
        }
        out.append(UInt8(ascii: "}"))
    }
}
