import TesseraCore

// A UIKit or AppKit host of self-sizing cells, written against small protocols of our own so that
// it compiles where UIKit is absent: on an Apple platform, `ScrollViewLike` is the collection
// view and `CellLike` a cell whose `fittedSize` is `systemLayoutSizeFitting(_:)`.

/// The scroll view the host drives: its content offset and content size.
public protocol ScrollViewLike: AnyObject {
    var contentOffset: Point { get set }
    var contentSize: Size { get set }
}

/// A cell on screen: the element it shows and the size it really takes at a width.
public protocol CellLike {
    var id: ItemID { get }
    func fittedSize(width: Double) -> Size
}

/// Runs the engine for a scroll view: every pass's `.adjust` event moves the scroll view's offset
/// before the other events touch a cell, so what the user looks at stays where it was.
public final class SelfSizingHost {
    public let engine: CollectionEngine
    public let scrollView: any ScrollViewLike
    /// The frames of the cells on screen, as the host would apply them to its views.
    public private(set) var frames: [ItemID: Rect] = [:]

    public init(engine: CollectionEngine, scrollView: any ScrollViewLike) {
        self.engine = engine
        self.scrollView = scrollView
    }

    /// `scrollViewDidScroll(_:)` and the first layout: one pass at the scroll view's offset.
    public func scrolled() throws {
        apply(try engine.scroll(to: scrollView.contentOffset))
    }

    /// After cells were configured (`preferredLayoutAttributesFitting(_:)`): report their fitted
    /// sizes, then run the one pass they schedule.
    public func cellsConfigured(_ cells: [any CellLike]) throws {
        for cell in cells {
            try engine.measure(cell.id, size: cell.fittedSize(width: engine.viewportSize.width))
        }
        apply(try engine.layout())
    }

    private func apply(_ events: [EngineEvent]) {
        for event in events {
            switch event.type {
            case .adjust:                    // first in its pass: the offset moves before anything is drawn
                if let offset = event.contentOffset { scrollView.contentOffset = offset }
            case _ where event.removesView:  // deleted, or moved out of view by a reload or relayout
                frames[event.id] = nil
            default:
                frames[event.id] = event.frame
            }
        }
        scrollView.contentSize = engine.contentSize
    }
}
