import TesseraCore

/// An App Store-like compositional layout built in Swift: a featured row that pages sideways one
/// card at a time, then a two-column grid under a header that pins while its section is on screen.
public func appStoreLayout() -> CompositionalLayout {
    CompositionalLayout { sectionIndex, _, _ in
        if sectionIndex == 0 {
            let card = Compositional.Item(size: .init(width: .fractionalWidth(1), height: .fractionalHeight(1)))
            let group = Compositional.Group.horizontal(.init(width: .fractionalWidth(0.9), height: .absolute(250)),
                                                       [.item(card)])
            return Compositional.Section(group: group, interGroupSpacing: 10,
                                         orthogonalScrolling: .groupPagingCentered)
        }
        let tile = Compositional.Item(size: .init(width: .fractionalWidth(0.5), height: .fractionalHeight(1)))
        let row = Compositional.Group.horizontal(.init(width: .fractionalWidth(1), height: .absolute(100)),
                                                 [.item(tile)])
        let header = Compositional.BoundaryItem(kind: "header", size: .init(width: .fractionalWidth(1), height: .absolute(44)),
                                                alignment: .top, pinned: true)
        return Compositional.Section(group: row, boundaryItems: [header])
    }
}
