import OrderedCollections

/// The split layout from named parameters: `tessera run split --param K=V` and the table of
/// `t.split{}` (whose function-valued fields the Lua host sets afterwards).
///
/// Besides the numbers and flags of `SplitLayout`: `leftSideRatio` may be an object of
/// breakpoints, `{"0": 1, "700": 0.4}` (the entry with the largest minimum width not above the
/// viewport width wins); `side` is `"left"`, `"right"`, a list by position or an object keyed by
/// section id (sections it does not name alternate); `sections` gives per-section overrides the
/// same two ways; `header` and `footer` are a height or `{"height": 44, "pinned": true}`;
/// `itemSize` `[w, h]` sizes every item instead of the size rule.
extension SplitLayout {
    package init(parameters p: inout LayoutParameters) throws {
        self.init(splitSpacing: try p.spacing("splitSpacing", default: 0),
                  minimumInterItemSpacing: try p.spacing("minimumInterItemSpacing", default: 0),
                  minimumItemLineSpacing: try p.spacing("minimumItemLineSpacing", default: 0),
                  sectionInset: try p.insets("sectionInset") ?? .zero,
                  isNormalizingLineHeight: try p.bool("isNormalizingLineHeight", default: false),
                  pinHeaders: try p.bool("pinHeaders", default: false),
                  hidesCollapsedSections: try p.bool("hideCollapsedSections", default: false))
        if let size = p.value("itemSize") {
            guard case .array(let wh) = size, wh.count == 2, let w = wh[0].number, let h = wh[1].number,
                  w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                throw LayoutError.invalidParameter(name: "itemSize", allowed: "[width, height] with finite numbers >= 0",
                                                   got: size.briefDescription, subject: "split param 'itemSize'", verb: "expects")
            }
            itemSize = Size(width: w, height: h)
        }
        if let ratio = p.value("leftSideRatio") { leftSideRatio = try Self.ratio(ratio) }
        if let side = p.value("side") {
            let chosen = try Self.perSection(side, "side") { value, what in try Self.side(value, what) }
            sectionKeys += Self.keys(of: side, "side", indexBase: p.style.indexBase)
            self.side = { i, section in chosen(i, section) ?? SplitSide.alternating(i) }
        }
        if let sections = p.value("sections") {
            let chosen = try Self.perSection(sections, "sections") { value, what in try Self.overrides(value, what) }
            sectionKeys += Self.keys(of: sections, "sections", indexBase: p.style.indexBase)
            sectionOverrides = { i, section in chosen(i, section) ?? .init() }
        }
        if let header = p.value("header") {
            let boundary = try Self.boundary(header, "split param 'header'")
            self.header = { _, _ in boundary }
        }
        if let footer = p.value("footer") {
            let boundary = try Self.boundary(footer, "split param 'footer'")
            self.footer = { _, _ in boundary }
        }
    }

    /// A fixed ratio, or breakpoints by minimum viewport width.
    static func ratio(_ value: JSONValue) throws -> @Sendable (Double) throws -> Double {
        if let n = value.number { return { _ in n } }
        guard case .object(let o) = value, !o.isEmpty else {
            throw LayoutError.invalidParameter(name: "leftSideRatio", allowed: "a number from 0 to 1 or breakpoints like {\"0\": 1, \"700\": 0.4}",
                                               got: value.briefDescription, subject: "split param 'leftSideRatio'", verb: "expects")
        }
        let steps = try o.map { key, ratio -> (Double, Double) in
            guard let width = Double(key), width.isFinite, let r = ratio.number else {
                throw LayoutError.invalidParameter(name: "leftSideRatio", allowed: "minimum widths to ratios",
                                                   got: "\(describeIdentifier(key)): \(ratio.briefDescription)",
                                                   subject: "split param 'leftSideRatio' breakpoints", verb: "map")
            }
            return (width, r)
        }.sorted { $0.0 < $1.0 }
        return { width in steps.last { $0.0 <= width }?.1 ?? steps[0].1 }
    }

    /// A per-section value given by position (a list) or by section id (an object).
    static func perSection<T: Sendable>(_ value: JSONValue, _ key: String, _ parse: (JSONValue, String) throws -> T)
    throws -> @Sendable (Int, Dataset.Section) -> T? {
        switch value {
        case .array(let list):
            let parsed = try list.enumerated().map { try parse($1, "split param '\(key)' at position \($0 + 1)") }
            return { i, _ in i < parsed.count ? parsed[i] : nil }
        case .object(let byID):
            var parsed: [String: T] = [:]
            for (id, v) in byID { parsed[id] = try parse(v, "split param '\(key)' for section \(describeIdentifier(id))") }
            let byIDParsed = parsed
            return { _, section in byIDParsed[section.id.description] }
        case .string where key == "side":
            let one = try parse(value, "split param 'side'")
            return { _, _ in one }
        default:
            throw LayoutError.invalidParameter(name: key, allowed: "a list by section position or an object keyed by section id",
                                               got: value.briefDescription, subject: "split param '\(key)'", verb: "expects")
        }
    }

    /// The section keys of a per-section object (none for a list or one value).
    static func keys(of value: JSONValue, _ key: String, indexBase: Int) -> [SectionKeys] {
        guard case .object(let byID) = value else { return [] }
        return [SectionKeys(table: "split param '\(key)'", keys: byID.keys, indexBase: indexBase)]
    }

    static func side(_ value: JSONValue, _ what: String) throws -> SplitSide {
        guard let s = value.string, let side = SplitSide(rawValue: s) else {
            let names = SplitSide.allCases.map(\.rawValue)
            throw LayoutError.invalidParameter(name: what, allowed: "\"left\" or \"right\"", got: value.briefDescription,
                                               subject: what, verb: "expects",
                                               suggestion: value.string.flatMap { DidYouMean.suggestion(for: $0, among: names) })
        }
        return side
    }

    package static func overrides(_ value: JSONValue, _ what: String) throws -> SplitSectionOverrides {
        guard case .object(let o) = value else { throw LayoutError.invalidParameter(name: what, allowed: "an object of overrides", got: value.briefDescription,
                                                                                      subject: what, verb: "expects") }
        var p = LayoutParameters(layoutName: "split", values: o)
        var result = SplitSectionOverrides()
        /// Only the keys the section gives override; the others are still known names.
        func given<T>(_ key: String, _ read: (inout LayoutParameters) throws -> T) throws -> T? {
            guard o[key] != nil else { _ = p.value(key); return nil }
            return try read(&p)
        }
        result.side = try p.value("side").map { try side($0, "\(what): side") }
        // The other keys' errors name the parameter alone: `what` says whose it is.
        do {
            result.sectionInset = try p.insets("sectionInset")
            result.minimumInterItemSpacing = try given("minimumInterItemSpacing") { try $0.spacing("minimumInterItemSpacing", default: 0) }
            result.minimumItemLineSpacing = try given("minimumItemLineSpacing") { try $0.spacing("minimumItemLineSpacing", default: 0) }
            result.isNormalizingLineHeight = try given("isNormalizingLineHeight") { try $0.bool("isNormalizingLineHeight", default: false) }
            try p.finish()
        } catch let e as LayoutError { throw e.prefixed("\(what): ") }
        return result
    }

    /// A header or footer: a height (a finite number >= 0), or `{height =, pinned =}`. An object
    /// is refused for what is wrong with it: a key it does not take (with the one it is closest
    /// to), no `height`, or a `height` or `pinned` of the wrong kind.
    public static func boundary(_ value: JSONValue, _ what: String) throws -> SectionBoundary {
        let shape = "a height or {height = 44, pinned = true}"
        if value.number != nil {
            return SectionBoundary(height: try boundaryHeight(value, what, expected: "a finite height >= 0 or {height = 44, pinned = true}"))
        }
        guard case .object(let o) = value else { throw boundaryError(what, shape, got: value.briefDescription) }
        let keys = ["height", "pinned"]
        if let key = o.keys.first(where: { !keys.contains($0) }) {
            throw boundaryError(what, shape, got: "an object with an unknown key \(describeIdentifier(key))",
                                suggestion: DidYouMean.suggestion(for: key, among: keys))
        }
        guard let height = o["height"] else { throw boundaryError(what, shape, got: "an object without height") }
        var pinned = false
        if let flag = o["pinned"] {
            guard case .bool(let b) = flag else { throw boundaryError("\(what).pinned", "true or false", got: flag.briefDescription) }
            pinned = b
        }
        return SectionBoundary(height: try boundaryHeight(height, "\(what).height", expected: "a finite number >= 0"), pinned: pinned)
    }

    /// A boundary's height: a number that is finite and not negative (a NaN, infinite or
    /// negative height would otherwise be refused only once a section is laid out, or never for
    /// a dataset without sections).
    private static func boundaryHeight(_ value: JSONValue, _ what: String, expected: String) throws -> Double {
        guard let height = value.number, height.isFinite, height >= 0 else {
            throw boundaryError(what, expected, got: value.briefDescription)
        }
        return height
    }

    private static func boundaryError(_ what: String, _ expected: String, got: String, suggestion: String? = nil) -> LayoutError {
        .invalidParameter(name: what, allowed: expected, got: got, subject: what, verb: "expects", suggestion: suggestion)
    }
}
