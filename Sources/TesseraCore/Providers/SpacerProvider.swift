/// A section with no items and only a size (CollectionKit's SpaceProvider): each dimension is
/// points or a fraction of the container.
public final class SpacerProvider: Provider {
    public var width: SizeDimension { didSet { setNeedsRelayout() } }
    public var height: SizeDimension { didSet { setNeedsRelayout() } }

    public init(width: SizeDimension = .fraction(1), height: SizeDimension = .absolute(0)) {
        self.width = width
        self.height = height
    }

    override func laidOut(in size: Size) throws -> ProviderLayout {
        let own = Size(width: width.resolve(in: size.width), height: height.resolve(in: size.height))
        return ProviderLayout(result: try FramesResult(frames: [], minimumContentSize: own, layoutName: "spacer"), headers: [])
    }

    override var kindName: String { "spacer" }
}
