import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

// The page's controls for a layout script's declared params (as Storybook's controls): the page
// sends the values a person set, the next run lays out with them over `--param`'s, and the
// frame message says which params the script declares, their defaults and the values used.
// And the page's "next problem": the check's warnings of the last good generation.
extension PreviewSession {
    /// The most params one page message may set.
    static let maxPageParams = 256

    /// Keeps the params a page's controls set and runs again when they differ from the last
    /// ones. Their names and types are checked by the run (a name the script does not declare
    /// is left out; a value of the wrong type is the run's error, shown in the page's panel).
    func setPageParams(_ values: OrderedDictionary<String, JSONValue>, from client: UUID) {
        guard values.count <= Self.maxPageParams else {
            refuse("params: expected at most \(Self.maxPageParams) params, got \(values.count)", to: client)
            return
        }
        let changed = stateLock.withLock { () -> Bool in
            guard values != pageParams else { return false }
            pageParams = values
            return true
        }
        if changed { schedule() }
    }

    /// The layout `name` resolves to in `lua` (the script `file`, when it is one on disk), with
    /// `params` (`--param`'s) and then the page's over them, and the params it takes with the
    /// values used: a script's declared params (and their choices), or a built-in layout's
    /// parameters that have defaults. The page's params that the layout does not take are left
    /// out (an address kept from an older version of the script).
    /// - Throws: what loading the script or resolving its params throws.
    static func layout(named name: String, file: String?, in lua: LuaHost, params: OrderedDictionary<String, JSONValue>,
                       page: OrderedDictionary<String, JSONValue>) throws -> (any Layout, [PageParam]) {
        func merged(taking names: some Collection<String>) -> OrderedDictionary<String, JSONValue> {
            var merged = params
            for (key, value) in page where names.contains(key) { merged[key] = value }
            return merged
        }
        if file == nil && !name.hasSuffix(".lua") && BuiltinLayouts.names.contains(name) {
            let declared = try BuiltinLayouts.declaredParameters(of: name)
            let values = merged(taking: declared.map(\.name))
            let controls = declared.map {
                PageParam(name: $0.name, defaultValue: $0.defaultValue, value: values[$0.name] ?? $0.defaultValue,
                          baseValue: params[$0.name], choices: $0.choices, minimum: $0.minimum, maximum: $0.maximum)
            }
            return (try lua.layout(named: name, params: values), controls)
        }
        guard let path = file ?? (name.hasSuffix(".lua") ? name : lua.layoutScriptPath(name)) else {
            return (try lua.layout(named: name, params: params), [])   // the unknown name's error
        }
        let script = try lua.loadLayoutScript(path: path)
        let defaults = script.defaultParams, choices = script.paramChoices
        let values = merged(taking: defaults.keys)
        let layout = try script.configured(values)
        // The page gets its controls as JSON, which has no NaN or infinity: a param whose
        // default or choices hold one (`math.huge`) gets no control and stays `--param`'s.
        let controllable = defaults.filter { JSONValue.array([$0.value] + (choices[$0.key] ?? [])).firstNonFiniteNumber() == nil }
        return (layout, controllable.map {
            PageParam(name: $0.key, defaultValue: $0.value, value: values[$0.key] ?? $0.value, baseValue: params[$0.key],
                      choices: choices[$0.key] ?? [])
        })
    }

    /// The `problems` message of the last good generation (`PreviewProblems`); an empty list
    /// before one, or when the check cannot read its frames.
    func problemsMessage() -> String {
        guard let (generation, run) = lastGoodRun, let problems = try? PreviewProblems(run: run) else {
            return JSONWriter.write(.object(["type": .string("problems"), "gen": .int(lastGoodRun?.generation ?? 0),
                                             "total": .int(0), "problems": .array([])]))
        }
        return problems.message(generation: generation)
    }
}
