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

    /// A style with the given spacing and insets.
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
    /// The column, else the layout's alternation.
    public var side: SplitSide?
    /// Padding around the section's items, else the layout's.
    public var sectionInset: EdgeInsets?
    /// Gap between items of a row, else the layout's.
    public var minimumInterItemSpacing: Double?
    /// Gap between rows, else the layout's.
    public var minimumItemLineSpacing: Double?
    /// Equal row heights, else the layout's setting.
    public var isNormalizingLineHeight: Bool?

    /// Overrides of the given settings (nil keeps the default).
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
