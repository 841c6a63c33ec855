import TesseraCore

// How a UIKit `UICollectionViewLayout` subclass or a SwiftUI `Layout` would use Tessera, written
// against small protocols of our own so that it compiles where UIKit and SwiftUI are absent. The
// names follow UIKit's and SwiftUI's; on an Apple platform, the same bodies go in the overrides.

/// What a collection view tells its layout: its size (the `bounds` size).
public protocol CollectionViewLike: AnyObject {
    var boundsSize: Size { get }
}

/// The shape of a `UICollectionViewLayout` subclass: `prepare()` lays out once per invalidation
/// and keeps the immutable result; the overrides, which cannot throw, answer from it.
public final class TesseraCollectionViewLayout {
    public weak var collectionView: (any CollectionViewLike)?
    public let layout: any Layout
    public var dataset: Dataset
    private var result: (any LayoutResult)?

    public init(layout: any Layout, dataset: Dataset) {
        self.layout = layout
        self.dataset = dataset
    }

    /// `prepare()`: a layout that fails keeps the previous result (and would log the error).
    public func prepare() {
        guard let size = collectionView?.boundsSize else { return }
        do {
            result = try layout.layout(LayoutContext(dataset: dataset, collectionSize: size))
        } catch {
            print("layout failed: \(error)")
        }
    }

    /// `collectionViewContentSize`.
    public var collectionViewContentSize: Size { result?.contentSize ?? .zero }

    /// `layoutAttributesForElements(in:)`: the items on screen, with their frames, in O(log n + k).
    public func layoutAttributesForElements(in rect: Rect) -> [(item: Int, frame: Rect)] {
        guard let result, let visible = try? result.visible(in: rect) else { return [] }
        return visible.compactMap { index in (try? result.frame(at: index)).map { (index, $0) } }
    }

    /// `layoutAttributesForItem(at:)`: nil for an index out of range.
    public func layoutAttributesForItem(at index: Int) -> Rect? {
        guard let result, index >= 0, index < result.count else { return nil }
        return try? result.frame(at: index)
    }

    /// `shouldInvalidateLayout(forBoundsChange:)`: only a change of width lays out again.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != collectionView?.boundsSize.width
    }
}

/// What a SwiftUI `Layout` is given: a proposal and the subviews' sizes for a proposal.
public protocol SubviewsLike {
    var count: Int { get }
    func sizeThatFits(_ index: Int, proposal: Size) -> Size
}

/// The shape of a SwiftUI `Layout`: `sizeThatFits` and `placeSubviews` both lay out the subviews
/// with a Tessera layout, the subviews answering for their own sizes.
public struct TesseraSwiftUILayout: Sendable {
    public let layout: any Layout
    public init(_ layout: any Layout) { self.layout = layout }

    func result(for proposal: Size, subviews: some SubviewsLike) throws -> any LayoutResult {
        let sizes = (0..<subviews.count).map { subviews.sizeThatFits($0, proposal: proposal) }
        return try layout.layout(LayoutContext(collectionSize: proposal, sizes: sizes))
    }

    /// `sizeThatFits(proposal:subviews:cache:)`: the content size.
    public func sizeThatFits(proposal: Size, subviews: some SubviewsLike) throws -> Size {
        try result(for: proposal, subviews: subviews).contentSize
    }

    /// `placeSubviews(in:proposal:subviews:cache:)`: each subview's frame, offset to `bounds`.
    public func placeSubviews(in bounds: Rect, subviews: some SubviewsLike) throws -> [Rect] {
        try result(for: bounds.size, subviews: subviews).allFrames
            .map { $0.offsetBy(dx: bounds.x, dy: bounds.y) }
    }
}
