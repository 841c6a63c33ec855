import Testing
import TesseraCore

/// The public enums whose raw values are the names users write (in Lua, on the command line, in
/// JSON output): each name maps to its case and back, and a name that differs only in case, or
/// is the Swift case name where the two differ, is refused.
@Suite struct RawValueNamesTests {
    func roundTrips<E: RawRepresentable & CaseIterable & Equatable>(_ type: E.Type, _ names: [String],
                                                                     refused: [String],
                                                                     sourceLocation: SourceLocation = #_sourceLocation)
        where E.RawValue == String {
        #expect(E.allCases.map(\.rawValue) == names, sourceLocation: sourceLocation)
        for c in E.allCases {
            #expect(E(rawValue: c.rawValue) == c, sourceLocation: sourceLocation)
        }
        for name in refused + ["", " \(names[0])", names[0].uppercased()] {
            #expect(E(rawValue: name) == nil, "\(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func layoutEnums() {
        roundTrips(SizingRule.self, ["fit", "fillWidth", "intrinsic", "fill"], refused: ["fillwidth", "fill-width"])
        roundTrips(DistributionRule.self, ["collectionKit", "css"], refused: ["collectionkit", "CSS"])
        roundTrips(SplitSide.self, ["left", "right"], refused: ["leading", "Left"])
        roundTrips(ElementCategory.self, ["item", "supplementary", "decoration"], refused: ["items", "Item"])
        roundTrips(LayoutElement.PinEdge.self, ["top", "bottom", "left", "right"], refused: ["leading", "trailing"])
    }

    @Test func compositionalEnums() {
        roundTrips(Compositional.OrthogonalScrolling.self,
                   ["none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered"],
                   refused: ["grouppaging", "group-paging"])
        roundTrips(Compositional.ContentInsetsReference.self,
                   ["automatic", "none", "safeArea", "layoutMargins", "readableContent"], refused: ["safearea", "readable"])
        // The directions are spelt as CSS and HTML spell them, not as the Swift cases.
        roundTrips(Compositional.LayoutDirection.self, ["ltr", "rtl"], refused: ["leftToRight", "rightToLeft", "LTR"])
        #expect(Compositional.LayoutDirection(rawValue: "rtl") == .rightToLeft)
    }

    @Test func dataEnums() {
        roundTrips(DuplicatePolicy.self, ["reject", "pairInOrder", "suffix"], refused: ["pair-in-order", "pairinorder"])
        // JSON Lines is named by its file extension.
        roundTrips(DatasetFormat.self, ["json", "jsonl", "csv"], refused: ["jsonLines", "ndjson", "CSV"])
        #expect(DatasetFormat(rawValue: "jsonl") == .jsonLines)
        #expect(DatasetError.Kind(rawValue: "repeatedID") == .repeatedID)
        #expect(DatasetError.Kind(rawValue: "other") == .other)
        #expect(DatasetError.Kind(rawValue: "repeatedId") == nil)
        #expect(DatasetError.Kind.repeatedID.rawValue == "repeatedID")
    }

    @Test func engineAndAnimationEnums() {
        roundTrips(ScrollAnchor.self, ["none", "firstVisible", "end"], refused: ["first", "firstvisible"])
        roundTrips(CollectionEngine.ScrollPosition.self, ["top", "center", "bottom"], refused: ["centre", "middle"])
        roundTrips(AnimationEventKind.self, ["insert", "delete", "update", "move", "shift", "scroll", "adjust"],
                   refused: ["inserted", "remove"])
        roundTrips(TesseraErrorKind.self, ["dataset", "json", "layout", "script", "snapshot", "apply", "animation"],
                   refused: ["lua", "Dataset"])
    }
}
