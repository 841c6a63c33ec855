/// Spacing and insets of one split section: the layout's defaults with the section's overrides.
public struct SplitSectionStyle: Equatable, Sendable {
    /// Padding around the section's items (not around its header or footer).
    public var sectionInset: EdgeInsets
    /// Horizontal gap between items of a row.
    public var minimumInterItemSpacing: Double
    /// Vertical gap between rows.
    public var minimumItemLineSpacing: Double
    /// Every item of a row gets the row's tallest height.
    public var isNormalizingLineHeight: Bool

    public init(sectionInset: EdgeInsets = .zero, minimumInterItemSpacing: Double = 0,
                minimumItemLineSpacing: Double = 0, isNormalizingLineHeight: Bool = false) {
        self.sectionInset = sectionInset
        self.minimumInterItemSpacing = minimumInterItemSpacing
        self.minimumItemLineSpacing = minimumItemLineSpacing
        self.isNormalizingLineHeight = isNormalizingLineHeight
    }
}

/// What one section changes about the layout's defaults (the anchor's optional delegate
/// methods); nil keeps the default.
public struct SplitSectionOverrides: Equatable, Sendable {
    public var side: SplitSide?
    public var sectionInset: EdgeInsets?
    public var minimumInterItemSpacing: Double?
    public var minimumItemLineSpacing: Double?
    public var isNormalizingLineHeight: Bool?

    public init(side: SplitSide? = nil, sectionInset: EdgeInsets? = nil, minimumInterItemSpacing: Double? = nil,
                minimumItemLineSpacing: Double? = nil, isNormalizingLineHeight: Bool? = nil) {
        self.side = side
        self.sectionInset = sectionInset
        self.minimumInterItemSpacing = minimumInterItemSpacing
        self.minimumItemLineSpacing = minimumItemLineSpacing
        self.isNormalizingLineHeight = isNormalizingLineHeight
    }

    /// `defaults` with every value this section sets replaced.
    public func applied(to defaults: SplitSectionStyle) -> SplitSectionStyle {
        SplitSectionStyle(sectionInset: sectionInset ?? defaults.sectionInset,
                          minimumInterItemSpacing: minimumInterItemSpacing ?? defaults.minimumInterItemSpacing,
                          minimumItemLineSpacing: minimumItemLineSpacing ?? defaults.minimumItemLineSpacing,
                          isNormalizingLineHeight: isNormalizingLineHeight ?? defaults.isNormalizingLineHeight)
    }
}
