import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// The engine's providers in Lua: t.provider{}, t.composed{}, t.headers{}, t.spacer{},
// t.emptyState{}. Each is a userdata holding the Swift provider and a table of the fields as Lua
// gave them, so `p.data` reads back what was assigned. Assigning a field goes through the same
// setter as the constructor, and the Swift provider schedules a reload (data, sections, view,
// id) or a relayout (layout, size) on the engine showing it.

extension TesseraModule {
    static let providerFields = ["data", "sections", "id", "layout", "size", "view", "tap", "identifier", "animator"]
    static let composedFields = ["sections", "layout", "identifier", "animator"]
    static let headersFields = ["sections", "layout", "header", "identifier", "animator"]
    static let spacerFields = ["width", "height", "identifier"]
    static let emptyStateFields = ["content", "view", "tap", "identifier", "animator"]

    /// t.provider{ data =, sections =, id =, layout =, size =, view =, tap =, identifier =, animator = }
    static let moduleProvider: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.constructProvider(args, known: providerFields,
                                       BasicProvider(data: .empty, layout: FlowLayout()))
        }
    }

    /// t.composed{ sections = {...}, layout = }: sections laid out as the items of `layout`
    /// (default: stacked vertically).
    static let moduleComposed: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.constructProvider(args, known: composedFields, ComposedProvider(sections: []))
        }
    }

    /// t.headers{ sections = {...}, layout =, header = { size =, view =, pinned =, tap = } }
    /// (`sticky` is another name for `pinned`).
    static let moduleHeaders: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.constructProvider(args, known: headersFields, HeadersProvider(sections: []))
        }
    }

    /// t.spacer{ width = "100%", height = 0 }: a section with only a size.
    static let moduleSpacer: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.constructProvider(args, known: spacerFields, SpacerProvider())
        }
    }

    /// t.emptyState{ content = provider, view = "empty", tap = }: a placeholder when the content is empty.
    static let moduleEmptyState: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            try host.constructProvider(args, known: emptyStateFields, EmptyStateProvider(content: SpacerProvider()))
        }
    }
}

extension LuaHost {
    /// Builds a provider box from the options table at argument 1 and pushes it.
    func constructProvider(_ args: LuaArguments, known: [String], _ provider: Provider) throws -> Int32 {
        let options = try args.optTable(1, "options", known: known)
        lua_createtable(L, 0, 8)
        let box = ProviderBox(provider, constructor: args.function, fields: reference(at: -1))
        tb_pop(L, 1)
        for key in known {
            guard let options, options.has(key) else { continue }
            try options.with(key) { slot in try setProviderField(box, key, at: slot, args: args) }
        }
        if provider is EmptyStateProvider, !(options?.has("content") ?? false) {
            throw args.error(.field("content"), at: 0, mustBe: "a provider", got: "nil")
        }
        pushBox(box, meta: engineSupport.providerMetaRef)
        return 1
    }
}

extension TesseraModule {
    static func fields(of provider: Provider) -> [String] {
        switch provider {
        case is BasicProvider: providerFields
        case is ComposedProvider: composedFields
        case is HeadersProvider: headersFields
        case is SpacerProvider: spacerFields
        default: emptyStateFields
        }
    }
}
