import CLua
import LuaBridge
import TesseraCore

// How to add a constructor or method (say `t.split{...}`):
// 1. Write it in its own file, `Module/Layouts/TesseraModule+Split.swift`, in an
//    `extension TesseraModule`, as
//        static let moduleSplit: tb_HostFunction = { L, context in
//            LuaHost.hosted(L, context) { host, args in
//                let options = try args.table(1, "options", known: ["ratio", "first", "second"])
//                let ratio = try options.number("ratio", .positive, default: 0.5)
//                ...
//                host.pushLayout(layout, name: "split")   // what tostring shows
//                return 1
//            }
//        }
//    reading arguments only through `LuaArguments` / `LuaTableArgument` (check, opt,
//    option, table with unknown-key rejection, field readers) and failing only through their
//    error builders (`LuaArguments+Messages.swift`), so every message has the shape
//    "t.split: argument #1 (options) must be a table, got number". What it needs from the
//    host's stack or calls into Lua goes in an `extension LuaHost` beside it.
// 2. Add one line to `TesseraModule.registrations` below: `.module("split", 1, moduleSplit)`,
//    1 being the most arguments it takes (the bridge refuses more)
//    (also `.layoutMethod(...)` for a `layout:name(...)` form, `.context(...)` for `ctx:name`).
// 3. Document it in `layouts/types/tessera.lua`; a test checks the two lists match.
// Host functions never raise: they throw, and `LuaHost.hosted` turns that into a Lua error
// at the caller's line, in C. Where a function is registered decides what its messages call
// it (`t.inset` or `layout:inset`; a method's argument #1 is the one after self).

/// The `tessera` Lua module: the Swift functions Lua calls on `t`, on layout values and on
/// `ctx`, and where each is registered (`registrations`). An engine's and a provider's methods
/// are in Module/Engine; ctx's hot paths ctx.set, ctx:size and ctx:item are C functions.
/// A namespace: the functions are `tb_HostFunction` values the C bridge calls with the
/// `LuaHost` they run in; `LuaHost` installs them (`makeTesseraModule`).
enum TesseraModule {
    /// Every host function on `t`, on layout values and on `ctx` (the built-in layouts
    /// `t.flow{}`, `t.waterfall{}`, ... are added by name from `BuiltinLayouts.names`).
    static let registrations: [LuaRegistration] = [
        // decorators (Module/Layouts/TesseraModule+Decorators.swift)
        .module("inset", 2, moduleInset), .layoutMethod("inset", 1, moduleInset),
        .module("transpose", 1, moduleTranspose), .layoutMethod("transposed", 0, moduleTranspose),
        .module("sticky", 2, moduleSticky), .layoutMethod("sticky", 1, moduleSticky),
        .module("visibleFrameInset", 2, moduleVisibleFrameInset), .layoutMethod("visibleFrameInset", 1, moduleVisibleFrameInset),
        .module("sized", 2, moduleSized), .layoutMethod("sized", 1, moduleSized),   // +Sized
        .layoutMethod("with", 1, moduleWith),
        // script-driven layouts (+Closure, +Sections)
        .module("closure", 1, moduleClosure),
        .module("sections", 1, moduleSections),
        // the headless engine (+Providers, +Engine)
        .module("provider", 1, moduleProvider), .module("composed", 1, moduleComposed),
        .module("headers", 1, moduleHeaders), .module("spacer", 1, moduleSpacer),
        .module("emptyState", 1, moduleEmptyState), .module("engine", 1, moduleEngine),
        // animators and layout transitions (+Animators, +Transition)
        .module("animator", 2, moduleAnimator), .module("transition", 3, moduleTransition),
        // compositional layout (+Compositional)
        .module("compositional", 1, moduleCompositional), .module("section", 1, moduleSection),
        .module("hgroup", 1, moduleHorizontalGroup), .module("vgroup", 1, moduleVerticalGroup),
        .module("customGroup", 2, moduleCustomGroup), .module("item", 1, moduleItem),
        .module("boundary", 1, moduleBoundary), .module("decoration", 1, moduleDecoration),
        .module("fw", 1, moduleFractionalWidth), .module("fh", 1, moduleFractionalHeight),
        .module("estimated", 1, moduleEstimated), .module("uniformAcrossSiblings", 1, moduleUniformAcrossSiblings),
        .module("flexible", 1, moduleFlexible),
        // split layout (+Split)
        .module("split", 1, moduleSplit),
        // LayoutHelper (+Helpers)
        .module("distribute", 6, moduleDistribute),
        .module("align", 6, moduleAlign),
        // diffing (+Diff)
        .module("diff", 3, moduleDiff),
        // ctx methods (Context/); the hot paths ctx.set, ctx:size and ctx:item are C
        // functions over Swift storage (LuaBridge's Frames.c and Items.c), added by pushContext
        .context("section", 1, contextSection), .context("id", 1, contextID),
        .context("textHeight", 3, contextTextHeight), .context("textSize", 3, contextTextSize),
        .context("column", 1, contextColumn),
    ]

    static func registrations(_ place: LuaRegistration.Place) -> [LuaRegistration] {
        registrations.filter { $0.place == place }
    }
}

/// Installing the module in a host: every environment's `tessera` is a view of one table.
extension LuaHost {
    /// Builds the module table (built-in layouts by name, then `registrations(.module)`).
    func makeTesseraModule() {
        lua_createtable(L, 0, 32)
        for name in BuiltinLayouts.names {
            LuaStack.push(L, name)
            pushHostFunction(TesseraModule.moduleBuiltin, named: "t.\(name)", upvalues: 1, arguments: 1)
            LuaStack.setField(L, -2, name)
        }
        for entry in TesseraModule.registrations(.module) {
            pushHostFunction(entry.function, named: entry.qualifiedName, arguments: entry.arguments)
            LuaStack.setField(L, -2, entry.name)
        }
        LuaStack.push(L, json: .array(BuiltinLayouts.names.map { .string($0) }), readOnly: true)
        LuaStack.setField(L, -2, "builtins")
        tesseraRef = luaL_ref(L, LuaStack.registry)
    }

    /// [-0, +1, m] Pushes a new table of the layout methods (`:inset`, `:transposed`, ...).
    func pushLayoutMethods() {
        let methods = TesseraModule.registrations(.layoutMethod)
        lua_createtable(L, 0, Int32(methods.count))
        for entry in methods {
            pushHostFunction(entry.function, named: entry.qualifiedName, arguments: entry.arguments)
            LuaStack.setField(L, -2, entry.name)
        }
    }

    /// [-0, +1, m] Pushes a new read-only view of the `tessera` module. Every environment (and
    /// every `tessera` asked for) gets its own view (the sandbox's `rawset` refuses views).
    func pushTesseraModule() {
        lua_rawgeti(L, LuaStack.registry, lua_Integer(tesseraRef))
        tb_pushreadonly(L)
    }
}
