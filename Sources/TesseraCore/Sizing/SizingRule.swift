/// How an item answers "what is your size for this proposal?" (the CLI's `--sizing`, a size
/// string such as `"fit"` in Lua). `ItemSizing` applies a rule with what it needs (the text
/// measurer); a provider's `SizeSource` may use one.
public enum SizingRule: String, CaseIterable, Sendable {
    /// Intrinsic size scaled down to fit the proposal, keeping the aspect ratio (never up).
    case fit
    /// Scaled to the proposed width, keeping the aspect ratio (up or down).
    case fillWidth
    /// `w` and `h` exactly as given.
    case intrinsic
    /// The whole proposal (CollectionKit's default size source).
    case fill
}

extension SizingRule {
    /// `ItemSizing.knownSize` of an item whose `w` and `h` are both positive (so neither is
    /// NaN), the case of almost every item: no test but the rule's own. A loop that calls it
    /// with a constant rule has the rule's formula alone in its body.
    @inlinable @inline(__always)
    func positiveSize(w: Double, h: Double, proposed: Size) -> Size {
        switch self {
        case .fill:
            return proposed
        case .intrinsic:
            return Size(width: w, height: h)
        case .fillWidth:
            return Size(width: proposed.width, height: h * proposed.width / w)
        case .fit:
            // Scale down to fit the width, then the height (CollectionKit's image size source).
            var width = w, height = h
            if width > proposed.width { height = height * proposed.width / width; width = proposed.width }
            // Rarely taken (an item taller than the viewport), and a branch: computed always and
            // selected, the division cost a block-sizing loop as much as the whole placement.
            if _slowPath(height > proposed.height) { width = width * proposed.height / height; height = proposed.height }
            return Size(width: width, height: height)
        }
    }
}

/// The sizing a context applies to dataset items: a `SizingRule` plus what applying it needs
/// (the text measurer, the size of an item that gives none).
public struct ItemSizing: Sendable {
    /// How items answer a size proposal.
    public var rule: SizingRule
    /// How text items are measured.
    public var textMeasurer: TextMeasurer
    /// Under `fit` and `fillWidth`, the intrinsic size given to an item with no size and no text
    /// (nil: such an item takes the whole proposal, CollectionKit's default).
    public var unsizedItem: Size?

    /// Sizing by `rule`, text measured by `textMeasurer`.
    public init(rule: SizingRule = .fit, textMeasurer: TextMeasurer = TextMeasurer(), unsizedItem: Size? = nil) {
        self.rule = rule; self.textMeasurer = textMeasurer; self.unsizedItem = unsizedItem
    }

    /// The size of an item with intrinsic size `w × h` (NaN where not given) and optional text,
    /// for the proposal `proposed`. O(1), or O(text length) for text items.
    ///
    /// Small enough to inline into a layout's loop: only an item with no size at all under `fit`
    /// or `fillWidth` needs its text, and that case lives out of line, so the hot path builds no
    /// closure context and retains nothing.
    @inlinable @inline(__always)
    public func size(w: Double, h: Double, text: () -> String?, proposed: Size) -> Size {
        if needsText(w: w, h: h) { return unsizedSize(text: text, proposed: proposed) }
        return knownSize(w: w, h: h, proposed: proposed)
    }

    /// Whether an item of intrinsic size `w × h` (NaN where not given) is sized by its text
    /// (`unsizedSize`) rather than by `knownSize`: no size at all, under `fit` or `fillWidth`.
    @inlinable @inline(__always)
    func needsText(w: Double, h: Double) -> Bool {
        w.isNaN && h.isNaN && (rule == .fit || rule == .fillWidth)
    }

    /// `size` for an item with a size on at least one axis, or under `intrinsic` and `fill`.
    @inlinable @inline(__always)
    func knownSize(w: Double, h: Double, proposed: Size) -> Size {
        switch rule {
        case .fill:
            return proposed
        case .intrinsic:
            return Size(width: w.isNaN ? proposed.width : w, height: h.isNaN ? proposed.height : h)
        case .fit, .fillWidth:
            if w.isNaN { return Size(width: proposed.width, height: h) }
            if h.isNaN { return Size(width: w, height: proposed.height) }
            guard w > 0, h > 0 else { return Size(width: max(w, 0), height: max(h, 0)) }
            return rule.positiveSize(w: w, h: h, proposed: proposed)
        }
    }

    /// `size` for an item with no size under `fit` or `fillWidth`: its text measured at the
    /// proposed width, else `unsizedItem`, else the whole proposal.
    @usableFromInline
    func unsizedSize(text: () -> String?, proposed: Size) -> Size {
        if let t = text() {
            return Size(width: proposed.width, height: textMeasurer.height(of: t, width: proposed.width))
        }
        if let cell = unsizedItem, !cell.width.isNaN, !cell.height.isNaN {
            return knownSize(w: cell.width, h: cell.height, proposed: proposed)
        }
        return proposed
    }
}
