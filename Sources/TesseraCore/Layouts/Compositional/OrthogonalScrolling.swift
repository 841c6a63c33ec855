extension Compositional {
    /// How a section scrolls on the cross axis (`UICollectionLayoutSectionOrthogonalScrollingBehavior`).
    ///
    /// An orthogonal section runs its groups along the cross axis inside a scroller as wide as the
    /// collection; `groupPagingCentered` gives that scroller leading and trailing insets of
    /// (scroller length − group length) / 2, so each group can come to rest centred.
    public enum OrthogonalScrolling: String, CaseIterable, Hashable, Sendable {
        /// Not a scroller: groups follow the layout's axis.
        case none
        /// Scrolls freely; comes to rest anywhere.
        case continuous
        /// Scrolls freely; comes to rest with a group's leading edge at the scroller's.
        case continuousGroupLeadingBoundary
        /// Pages by the scroller's length.
        case paging
        /// Pages by one group.
        case groupPaging
        /// Pages by one group, each coming to rest centred.
        case groupPagingCentered

        /// Where a scroll that would stop at `proposed` (on the scroller's axis) with `velocity`
        /// comes to rest, for a scroller of length `page` whose groups repeat every `pitch`
        /// (group length + interGroupSpacing) and whose offset runs from 0 to `maximum`.
        ///
        /// - none: 0 (the section does not scroll); continuous: the proposal.
        /// - continuousGroupLeadingBoundary: the nearest group boundary (multiple of `pitch`).
        /// - paging, groupPaging, groupPagingCentered: a multiple of the page (`page`, or `pitch`
        ///   for group paging), the next one in the direction of a non-zero velocity, else the
        ///   nearest. Multiples of the exact pitch never drift, and with the centring insets a
        ///   multiple of the pitch is exactly a group centred.
        /// Every result is clamped to `0...maximum` (0 for a negative or NaN maximum); a NaN
        /// proposal rests at 0. O(1).
        public func restingOffset(proposed: Double, velocity: Double, page: Double, pitch: Double,
                                  maximum: Double) -> Double {
            let target: Double
            switch self {
            case .none: return 0
            case .continuous: target = proposed
            case .continuousGroupLeadingBoundary: target = Self.multiple(of: pitch, near: proposed, velocity: 0)
            case .paging: target = Self.multiple(of: page, near: proposed, velocity: velocity)
            case .groupPaging, .groupPagingCentered: target = Self.multiple(of: pitch, near: proposed, velocity: velocity)
            }
            // Comparisons that are false for NaN: a NaN proposal rests at 0, a NaN maximum is 0.
            let top = maximum > 0 ? maximum : 0
            return target > 0 ? Swift.min(target, top) : 0
        }

        /// The multiple of `step` after `value` (velocity > 0), before it (< 0) or nearest (0).
        private static func multiple(of step: Double, near value: Double, velocity: Double) -> Double {
            guard step > 0 else { return value }
            var q = value / step
            let nearest = q.rounded()
            if abs(q - nearest) < 1e-9 { q = nearest }
            return step * (velocity > 0 ? q.rounded(.up) : velocity < 0 ? q.rounded(.down) : q.rounded())
        }
    }
}
