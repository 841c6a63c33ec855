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
}
