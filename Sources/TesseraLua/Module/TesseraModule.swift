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
//                host.pushLayout(layout)
//                return 1
//            }
//        }
//    reading arguments only through `LuaArguments` / `LuaTableArgument` (check, opt,
//    option, table with unknown-key rejection, field readers) and failing only through their
//    error builders (`LuaArguments+Messages.swift`), so every message has the shape
//    "t.split: argument #1 (options) must be a table, got number". What it needs from the
//    host's stack or calls into Lua goes in an `extension LuaHost` beside it.
// 2. Add one line to `TesseraModule.registrations` below: `.module("split", moduleSplit)`
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
        .module("inset", moduleInset), .layoutMethod("inset", moduleInset),
        .module("transpose", moduleTranspose), .layoutMethod("transposed", moduleTranspose),
        .module("sticky", moduleSticky), .layoutMethod("sticky", moduleSticky),
        .module("visibleFrameInset", moduleVisibleFrameInset), .layoutMethod("visibleFrameInset", moduleVisibleFrameInset),
        .module("sized", moduleSized), .layoutMethod("sized", moduleSized),   // +Sized
        .layoutMethod("with", moduleWith),
        // script-driven layouts (+Closure, +Sections)
        .module("closure", moduleClosure),
        .module("sections", moduleSections),
        // the headless engine (+Providers, +Engine)
        .module("provider", moduleProvider), .module("composed", moduleComposed),
        .module("headers", moduleHeaders), .module("spacer", moduleSpacer),
        .module("emptyState", moduleEmptyState), .module("engine", moduleEngine),
        // animators and layout transitions (+Animators, +Transition)
        .module("animator", moduleAnimator), .module("transition", moduleTransition),
        // compositional layout (+Compositional)
        .module("compositional", moduleCompositional), .module("section", moduleSection),
        .module("hgroup", moduleHorizontalGroup), .module("vgroup", moduleVerticalGroup),
        .module("customGroup", moduleCustomGroup), .module("item", moduleItem),
        .module("boundary", moduleBoundary), .module("decoration", moduleDecoration),
        .module("fw", moduleFractionalWidth), .module("fh", moduleFractionalHeight),
        .module("estimated", moduleEstimated), .module("uniformAcrossSiblings", moduleUniformAcrossSiblings),
        .module("flexible", moduleFlexible),
        // split layout (+Split)
        .module("split", moduleSplit),
        // LayoutHelper (+Helpers)
        .module("distribute", moduleDistribute),
        .module("align", moduleAlign),
        // diffing (+Diff)
        .module("diff", moduleDiff),
        // ctx methods (Context/); the hot paths ctx.set, ctx:size and ctx:item are C
        // functions over Swift storage (LuaBridge's Frames.c and Items.c), added by pushContext
        .context("section", contextSection), .context("id", contextID),
        .context("textHeight", contextTextHeight), .context("textSize", contextTextSize),
        .context("column", contextColumn),
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
            pushHostFunction(TesseraModule.moduleBuiltin, named: "t.\(name)", upvalues: 1)
            LuaStack.setField(L, -2, name)
        }
        for entry in TesseraModule.registrations(.module) {
            pushHostFunction(entry.function, named: entry.qualifiedName)
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
            pushHostFunction(entry.function, named: entry.qualifiedName)
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
