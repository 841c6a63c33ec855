/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width; self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
    /// The default viewport (the "collection size"): 375 × 812.
    public static let defaultViewport = Size(width: 375, height: 812)

    @inlinable public var transposed: Size { Size(width: height, height: width) }

    public var description: String { "\(width)x\(height)" }
}

/// A point in content coordinates.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// Insets from each edge, as UIEdgeInsets.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on every edge.
    @inlinable public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()
    @inlinable public var horizontal: Double { left + right }
    @inlinable public var vertical: Double { top + bottom }
    @inlinable public var negated: EdgeInsets { EdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right) }
}
