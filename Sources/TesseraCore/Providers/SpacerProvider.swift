/// A section with no items and only a size (CollectionKit's SpaceProvider): each dimension is
/// points or a fraction of the container.
public final class SpacerProvider: Provider {
    public var width: SizeDimension { didSet { setNeedsRelayout() } }
    public var height: SizeDimension { didSet { setNeedsRelayout() } }

    public init(width: SizeDimension = .fraction(1), height: SizeDimension = .absolute(0)) {
        self.width = width
        self.height = height
    }

    override func layout(in size: Size) throws -> ProviderLayout {
        ProviderLayout(contentSize: Size(width: width.resolve(in: size.width), height: height.resolve(in: size.height)),
                       content: .parts([]))
    }
}
