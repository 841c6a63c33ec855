/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// A size of `width` × `height`.
    @inlinable public init(width: Double, height: Double) {
        self.width = width; self.height = height
    }

    /// 0 × 0.
    public static let zero = Size(width: 0, height: 0)
    /// The default viewport (the "collection size"): 375 × 812.
    public static let defaultViewport = Size(width: 375, height: 812)

    /// The size with width and height swapped.
    @inlinable public var transposed: Size { Size(width: height, height: width) }

    public var description: String { "\(width)x\(height)" }
}

/// A point in content coordinates.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downward.
    public var y: Double
    /// The point (`x`, `y`).
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}

/// Insets from each edge, as UIEdgeInsets: in points, on fixed sides (left is always left). The
/// decorators' insets (`inset(_:)`, `visibleFrameInset(_:)`); the compositional layout's are
/// `Compositional.DirectionalEdgeInsets`, whose leading and trailing edges may be fractions.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Insets of the given edges (0 where not given).
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on every edge.
    @inlinable public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset.
    public static let zero = EdgeInsets()
    /// `left + right`.
    @inlinable public var horizontal: Double { left + right }
    /// `top + bottom`.
    @inlinable public var vertical: Double { top + bottom }
    /// Every inset with its sign flipped (outsets).
    @inlinable public var negated: EdgeInsets { EdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right) }
    /// The same insets with x and y swapped, as a transposed layout sees them: top becomes left.
    var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
    /// The same insets mirrored left to right: left becomes right.
    var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }
}
