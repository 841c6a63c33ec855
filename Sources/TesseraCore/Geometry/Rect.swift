/// An axis-aligned rectangle: origin top-left, y grows downward.
///
/// A value type with no invariants beyond what its producer checks: layouts
/// validate frames (finite, non-negative size) before they reach a result.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; a frame's is finite and non-negative.
    public var width: Double
    /// The height; a frame's is finite and non-negative.
    public var height: Double

    /// A rectangle with its top-left corner at (`x`, `y`).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// A rectangle at `origin` of `size`.
    @inlinable public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge (`x`).
    @inlinable public var minX: Double { x }
    /// The top edge (`y`).
    @inlinable public var minY: Double { y }
    /// The right edge (`x + width`).
    @inlinable public var maxX: Double { x + width }
    /// The bottom edge (`y + height`).
    @inlinable public var maxY: Double { y + height }
    /// The top-left corner.
    @inlinable public var origin: Point { Point(x: x, y: y) }
    /// The width and height.
    @inlinable public var size: Size { Size(width: width, height: height) }

    /// True when the two rectangles share an area greater than zero. Touching
    /// edges do not count (CollectionKit's open-interval visibility), and neither does a
    /// rectangle of zero width or height: it has no area to share.
    ///
    /// The edges are the computed `maxX` and `maxY`, as the spatial index reads them: a size
    /// that vanishes next to its coordinate (`1e7 + 1e-10 == 1e7`) leaves no area either, so
    /// this test and every visible query give the same answer.
    @inlinable
    public func overlapsWithPositiveArea(_ other: Rect) -> Bool {
        let maxX = x + width, maxY = y + height, otherMaxX = other.x + other.width, otherMaxY = other.y + other.height
        return x < maxX && y < maxY && other.x < otherMaxX && other.y < otherMaxY
            && x < otherMaxX && other.x < maxX && y < otherMaxY && other.y < maxY
    }

    /// The rectangle moved by `dx, dy`.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` (negative insets grow it).
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: width - insets.left - insets.right,
             height: height - insets.top - insets.bottom)
    }

    /// x and y swapped, width and height swapped (TransposeLayout).
    @inlinable public var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }

    /// True when every coordinate is finite, the size is not negative, and the far edges
    /// (`maxX`, `maxY`) are finite too: 1e308 + 1e308 overflows to infinity.
    @inlinable
    package var isValidFrame: Bool {
        // Four tests stand for the eight: `width >= 0` is false for NaN, and `x + width` is
        // finite only when x and width both are (an infinite or NaN term makes the sum infinite
        // or NaN). Each sum is tested as `abs(_) < infinity`, a compare on the number itself
        // (`isFinite` reads its bits): a layout's result tests every frame.
        width >= 0 && height >= 0 && abs(x + width) < .infinity && abs(y + height) < .infinity
    }

    /// What a valid frame needs, for messages: the far-edge rule only when that is what failed.
    package var frameRequirement: String {
        let fieldsOK = x.isFinite && y.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
        return fieldsOK ? "finite far edges (x + width, y + height)" : "finite numbers and a non-negative size"
    }

    /// `(0, inf, 375, 322.41379310344826)`: the frame in an error message, each number exact and
    /// in the one form refused values take (`-1`, not `-1.0`).
    package var exact: String {
        "(\(NumberText.exact(x)), \(NumberText.exact(y)), \(NumberText.exact(width)), \(NumberText.exact(height)))"
    }

    /// The part of this rectangle inside `bounds`: zero wide or high (at the nearest edge of
    /// `bounds`) when the two share no area. O(1).
    public func clipped(to bounds: Rect) -> Rect {
        let x0 = Swift.max(minX, bounds.minX), y0 = Swift.max(minY, bounds.minY)
        return Rect(x: x0, y: y0, width: Swift.max(0, Swift.min(maxX, bounds.maxX) - x0),
                    height: Swift.max(0, Swift.min(maxY, bounds.maxY) - y0))
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let lx = Swift.min(minX, other.minX), ly = Swift.min(minY, other.minY)
        return Rect(x: lx, y: ly, width: Swift.max(maxX, other.maxX) - lx,
                    height: Swift.max(maxY, other.maxY) - ly)
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
