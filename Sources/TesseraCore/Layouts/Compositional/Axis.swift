/// One of the plane's two axes, so that geometry can be written once over a main and a cross
/// axis instead of twice (a horizontal and a vertical copy).
///
/// "Leading" on an axis is its low end (left or top) in left-to-right coordinates; right-to-left
/// layouts are mirrored as a whole after they are solved.
public enum Axis: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// The other axis.
    @inlinable public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    /// The length along `axis` (width for horizontal, height for vertical).
    @inlinable package func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }

    /// A size given by its length on `axis` (`main`) and on the other axis (`cross`).
    @inlinable package init(axis: Axis, main: Double, cross: Double) {
        self = axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

extension Point {
    /// The coordinate along `axis`.
    @inlinable package func value(along axis: Axis) -> Double { axis == .horizontal ? x : y }

    /// A point given by its coordinate on `axis` and on the other axis.
    @inlinable package init(axis: Axis, main: Double, cross: Double) {
        self = axis == .horizontal ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }
}

extension Rect {
    /// The low edge (start) along `axis` (minX or minY).
    @inlinable package func start(along axis: Axis) -> Double { axis == .horizontal ? x : y }
    /// The high edge (end) along `axis` (maxX or maxY).
    @inlinable package func end(along axis: Axis) -> Double { axis == .horizontal ? x + width : y + height }
    /// The length along `axis`.
    @inlinable package func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }

    /// A rectangle given by its start and length on `axis` and on the other axis.
    @inlinable
    package init(axis: Axis, main: Double, cross: Double, mainLength: Double, crossLength: Double) {
        self = axis == .horizontal
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }

    /// The rectangle mirrored left to right inside a width `width`: x' = width − x − w.
    @inlinable package func mirrored(inWidth width: Double) -> Rect {
        Rect(x: width - x - self.width, y: y, width: self.width, height: height)
    }

    /// The rectangle moved by `main` along `axis` and `cross` along the other axis.
    @inlinable package func offsetBy(axis: Axis, main: Double, cross: Double) -> Rect {
        axis == .horizontal ? offsetBy(dx: main, dy: cross) : offsetBy(dx: cross, dy: main)
    }
}
