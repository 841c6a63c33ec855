import OrderedCollections

/// The built-in layouts by name (`tessera run waterfall --param columns=3`, `t.waterfall{}`).
/// One code path for the CLI and Lua, so both give the same frames for the same parameters.
package enum BuiltinLayouts {
    /// Names `make` accepts, in the order help text lists them.
    public static let names = ["flow", "row", "waterfall", "overlay", "split"]

    /// Builds the named layout from its parameters. Throws for an unknown name, an unknown
    /// parameter (listing the known ones) or a value of the wrong type.
    public static func make(name: String, params: OrderedDictionary<String, JSONValue> = [:],
                            style: LayoutParameters.Style = .parameter) throws -> any Layout {
        var p = LayoutParameters(layoutName: name, values: params, style: style)
        let layout = try make(name: name, reading: &p)
        try p.finish()
        return layout
    }

    /// The parameters of the named layout that have a default, with their defaults, the values
    /// an enum parameter allows and a number's range, in the order the layout reads them
    /// (`tessera preview`'s controls). A parameter without a default (`fill`, `itemSize`) is
    /// left out.
    /// - Throws: `LayoutError.unknownLayout` for an unknown name.
    public static func declaredParameters(of name: String) throws -> [LayoutParameters.Declared] {
        var p = LayoutParameters(layoutName: name, values: [:])
        _ = try make(name: name, reading: &p)
        return p.declared
    }

    private static func make(name: String, reading p: inout LayoutParameters) throws -> any Layout {
        let layout: any Layout
        switch name {
        case "flow":
            // `spacing` sets both spacings; the specific ones win when given too.
            let both = try p.spacing("spacing", default: 0)
            layout = FlowLayout(lineSpacing: try p.spacing("lineSpacing", default: both),
                                interitemSpacing: try p.spacing("interitemSpacing", default: both),
                                justifyContent: try p.choice("justifyContent", default: JustifyContent.start),
                                alignItems: try p.choice("alignItems", default: AlignItems.start),
                                alignContent: try p.choice("alignContent", default: AlignContent.start))
        case "row":
            layout = RowLayout(fillIdentifiers: Set(try p.identifierList("fill")),
                               spacing: try p.spacing("spacing", default: 0),
                               justifyContent: try p.choice("justifyContent", default: JustifyContent.start),
                               alignItems: try p.choice("alignItems", default: AlignItems.start),
                               alwaysFillEmptySpaces: try p.bool("alwaysFillEmptySpaces", default: true))
        case "waterfall":
            layout = WaterfallLayout(columns: try p.integer("columns", default: 2, minimum: 1, maximum: WaterfallLayout.maxColumns),
                                     spacing: try p.spacing("spacing", default: 0))
        case "overlay":
            layout = OverlayLayout()
        case "split":
            layout = try SplitLayout(parameters: &p)
        default:
            throw LayoutError.unknownLayout(name: name, suggestion: nil, builtins: names, scripts: nil)
        }
        return layout
    }
}
