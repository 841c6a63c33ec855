/// What a layout draws: an item (a cell), a supplementary (a header, a footer, a badge) or a
/// decoration (a section background), as in UIKit's `UICollectionView.ElementCategory`.
public enum ElementCategory: String, Hashable, Sendable, CaseIterable {
    /// A cell of one item. Its raw value, `"item"`, is what the commands' JSON prints; the
    /// engine's views and events in Lua call it `"cell"`.
    case item
    /// A header, footer or badge.
    case supplementary
    /// A section background.
    case decoration

    /// Tie-break in drawing order at equal `zIndex`: backgrounds, then cells, then headers.
    var drawingRank: Int {
        switch self {
        case .decoration: 0
        case .item: 1
        case .supplementary: 2
        }
    }
}

/// One thing a layout result draws, in content coordinates.
///
/// Results list their supplementaries and decorations at rest in `LayoutResult.elements`;
/// `LayoutResult.elements(in:scroll:)` returns items, supplementaries and decorations as drawn
/// for a scroll state (pinned headers at their pinned place, items of orthogonal sections shifted
/// by their section's offset).
public struct LayoutElement: Hashable, Sendable, CustomStringConvertible {
    /// Item, supplementary or decoration.
    public var category: ElementCategory
    /// The supplementary or decoration kind (`"header"`, `"footer"`, `"background"`, ...);
    /// empty for items.
    public var kind: String
    /// 0-based section index.
    public var section: Int
    /// The flattened item index: the item itself for `.item`, the item a supplementary is
    /// anchored to (a badge), or nil for section-level supplementaries and decorations.
    public var index: Int?
    /// The frame in content coordinates (pinned or scrolled, when asked for a scroll state).
    public var frame: Rect
    /// Drawing order: higher on top. Items default to 0, supplementaries to 1, decorations to 0.
    public var zIndex: Int
    /// Sticks to an edge of the visible area while its section is visible (UIKit's
    /// `pinToVisibleBounds`, CollectionKit's sticky headers): to the top, pushed up by the
    /// section's end, or (`pinEdge == .bottom`) to the bottom, pushed down by the section's start;
    /// in a layout that scrolls sideways (a transposed one), to the left or the right.
    public var pinned: Bool
    /// The edge of the visible area a pinned element sticks to.
    public var pinEdge: PinEdge
    /// Belongs to the whole layout rather than to `section` (a layout-level header or footer,
    /// UIKit's `configuration.boundarySupplementaryItems`); its section is 0, and when pinned it
    /// is pushed by the ends of the whole content instead of its section's.
    public var isGlobal: Bool
    /// Opacity from 0 to 1 as drawn (1 unless a section's `visibleItemsHandler` changed it).
    public var alpha: Double
    /// Transform as drawn (identity unless a section's `visibleItemsHandler` changed it).
    public var transform: ElementTransform
    /// How many sections, from `section` on, the element belongs to (1 unless it heads several:
    /// a provider's header spans every section of its child). A pinned one is pushed by the
    /// end (or start) of the sections it spans together.
    public var sectionSpan: Int
    /// Where a pinned element's pin ends, when the layout states it (a script's `pinUntil`):
    /// a top-pinned element is pushed up when its bottom reaches this y, a bottom-pinned one
    /// pushed down when its top reaches it. Nil: its sections' end (or start) decides.
    public var pinUntil: Double?
    /// The text pictures write on the element, when the layout chooses one (a script's
    /// `label`); nil: a section's header or footer shows its section's title, others their kind.
    public var label: String?
    /// For a supplementary anchored to a compositional group rather than to its item: the
    /// group's depth (1 for a section's outermost group, 2 for a group in it, ...); 0 for every
    /// other element. It tells a group's badge from its first item's badge of the same kind,
    /// which share kind, section and index.
    public var groupLevel: Int = 0

    /// Which edge of the visible area a pinned element sticks to.
    public enum PinEdge: String, Hashable, Sendable, CaseIterable {
        /// Sticks to the top, pushed up by its sections' end.
        case top
        /// Sticks to the bottom, pushed down by its sections' start.
        case bottom
        /// Sticks to the left, pushed left by its sections' end (a transposed top).
        case left
        /// Sticks to the right, pushed right by its sections' start (a transposed bottom).
        case right

        /// Pins along x (left or right).
        public var isAlongX: Bool { self == .left || self == .right }
        /// Sticks to the start of its axis (top or left), pushed back by its sections' end.
        /// (Not "leading": that is a horizontal edge, as in compositional insets.)
        public var sticksToStart: Bool { self == .top || self == .left }
        /// The edge with the axes swapped: top and left trade places, bottom and right.
        public var transposed: PinEdge {
            switch self {
            case .top: .left
            case .left: .top
            case .bottom: .right
            case .right: .bottom
            }
        }
        /// The edge seen in a left-right mirror: left and right trade places.
        public var mirrored: PinEdge {
            switch self {
            case .left: .right
            case .right: .left
            default: self
            }
        }
    }

    /// An element; a nil `zIndex` takes the category's default.
    public init(category: ElementCategory, kind: String = "", section: Int, index: Int? = nil, frame: Rect,
                zIndex: Int? = nil, pinned: Bool = false, pinEdge: PinEdge = .top, isGlobal: Bool = false,
                sectionSpan: Int = 1) {
        self.category = category
        self.kind = kind
        self.section = section
        self.index = index
        self.frame = frame
        self.zIndex = zIndex ?? (category == .supplementary ? 1 : 0)
        self.pinned = pinned
        self.pinEdge = pinEdge
        self.isGlobal = isGlobal
        self.alpha = 1
        self.transform = .identity
        self.sectionSpan = sectionSpan
        self.pinUntil = nil
        self.label = nil
    }

    /// An item element.
    public static func item(_ index: Int, section: Int, frame: Rect, zIndex: Int = 0) -> LayoutElement {
        LayoutElement(category: .item, section: section, index: index, frame: frame, zIndex: zIndex)
    }

    /// A header, footer or badge (`index`: the item it is anchored to, if any).
    public static func supplementary(_ kind: String, section: Int, index: Int? = nil, frame: Rect,
                                     zIndex: Int = 1, pinned: Bool = false, pinEdge: PinEdge = .top,
                                     isGlobal: Bool = false, sectionSpan: Int = 1) -> LayoutElement {
        LayoutElement(category: .supplementary, kind: kind, section: section, index: index, frame: frame,
                      zIndex: zIndex, pinned: pinned, pinEdge: pinEdge, isGlobal: isGlobal, sectionSpan: sectionSpan)
    }

    /// A section background.
    public static func decoration(_ kind: String, section: Int, frame: Rect, zIndex: Int = 0) -> LayoutElement {
        LayoutElement(category: .decoration, kind: kind, section: section, frame: frame, zIndex: zIndex)
    }

    /// The same element moved by `dx, dy`, with the limit of its pin (`pinUntil`) moved along.
    public func offsetBy(dx: Double, dy: Double) -> LayoutElement {
        var copy = self
        copy.frame = frame.offsetBy(dx: dx, dy: dy)
        copy.pinUntil = pinUntil.map { $0 + (pinEdge.isAlongX ? dx : dy) }
        return copy
    }

    public var description: String {
        let anchor = index.map { " #\($0)" } ?? ""
        var pin = pinned ? (pinEdge == .top ? " pinned" : " pinned to \(pinEdge.rawValue)") : ""
        if alpha != 1 { pin += " alpha \(alpha)" }
        if transform != .identity { pin += " \(transform)" }
        if sectionSpan != 1 { pin += " spanning \(sectionSpan) sections" }
        if let pinUntil { pin += " until \(pinUntil)" }
        if let label { pin += " label \(label.debugDescription)" }
        if groupLevel != 0 { pin += " group level \(groupLevel)" }
        return "\(category.rawValue)\(kind.isEmpty ? "" : " \(kind)") \(isGlobal ? "global" : "s\(section)")\(anchor) \(frame) z\(zIndex)\(pin)"
    }
}

extension LayoutElement {
    /// The items among `elements`, by index, ascending. O(k log k).
    public static func itemIndices(of elements: [LayoutElement]) -> [Int] {
        elements.compactMap { $0.category == .item ? $0.index : nil }.sorted()
    }
}
