extension Dataset.Section {
    /// Where `sections` stop tiling `0..<count` in order: the position of the first section that
    /// does not start where the one before it ended, with where it should have started (the
    /// position is `sections.count` when they follow on but end elsewhere than `count`); nil
    /// when they tile. O(sections).
    static func tilingGap(_ sections: [Dataset.Section], count: Int) -> (position: Int, expectedStart: Int)? {
        var next = 0
        for (position, section) in sections.enumerated() {
            guard section.range.lowerBound == next else { return (position, next) }
            next = section.range.upperBound
        }
        return next == count ? nil : (sections.count, next)
    }

    /// Where `sections` stop tiling `count` items, in words ("section 1 starts at 3, not 2",
    /// "they end at 4"); nil when they tile. O(sections).
    static func tilingMisfit(_ sections: [Dataset.Section], count: Int) -> String? {
        guard let gap = tilingGap(sections, count: count) else { return nil }
        return gap.position < sections.count
            ? "section \(gap.position) starts at \(sections[gap.position].range.lowerBound), not \(gap.expectedStart)"
            : "they end at \(gap.expectedStart)"
    }

    /// Stops with a message naming where `sections` stop tiling `count` items, for `caller`,
    /// which requires them to (`Dataset(validating:)` throws instead). O(sections).
    static func requireTiling(_ sections: [Dataset.Section], count: Int, caller: String) {
        guard let misfit = tilingMisfit(sections, count: count) else { return }
        preconditionFailure("\(caller): the sections do not tile the \(NumberText.counted(count, "item")) in order (\(misfit)); "
                            + "Dataset(validating:) throws instead")
    }
}
