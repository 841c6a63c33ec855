/// What a reload keeps still on screen when data above the viewport changes (CSS's
/// `overflow-anchor`). Measured sizes and a resize (`resize(to:)`: sizes change, not data)
/// always keep the first visible cell in place, whatever this says.
public enum ScrollAnchor: String, Sendable, CaseIterable {
    /// Nothing: the content offset stays as it is (CollectionKit's behaviour), unless the
    /// content shrank past the viewport's far edge: then it moves back to the new end, where a
    /// scroll view would clamp it.
    case none
    /// The first visible cell (in flattened order) keeps its place on screen: chat-style prepends.
    case firstVisible
    /// A bottom-anchored list: it opens at its end, and while the viewport touches the end it
    /// stays there as items arrive or grow; scrolled away, it keeps the first visible cell.
    case end
}
