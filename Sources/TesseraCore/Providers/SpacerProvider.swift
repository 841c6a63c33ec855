/// A section with no items and only a size (CollectionKit's SpaceProvider): each dimension is
/// points or a fraction of the container.
public final class SpacerProvider: Provider {
    /// The spacer's width: points or a fraction of the container's.
    public var width: SizeDimension { didSet { setNeedsRelayout() } }
    /// The spacer's height: points or a fraction of the container's.
    public var height: SizeDimension { didSet { setNeedsRelayout() } }

    /// A spacer of `width` × `height` (full width, no height by default).
    public init(width: SizeDimension = .fraction(1), height: SizeDimension = .absolute(0)) {
        self.width = width
        self.height = height
    }

    override func laidOut(in size: Size, at place: ProviderPlace, walk: ProviderWalk) throws -> ProviderLayout {
        let own = Size(width: width.resolve(in: size.width), height: height.resolve(in: size.height))
        return ProviderLayout(result: try FramesResult(frames: [], minimumContentSize: own, layoutName: "spacer"))
    }

    override var kindName: String { "spacer" }
}
