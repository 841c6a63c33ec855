import CLua
import LuaBridge
import OrderedCollections
import TesseraCore

// `t.run` and the checks behind `expect`'s matchers, in test files only (`tessera test`).
// The matchers' host functions return nil when the expectation holds and the failure message
// otherwise; the Lua side raises it at the test file's line.

extension TesseraModule {
    /// How `t.run`'s `params` of a built-in are named in messages: as `--param` names them
    /// (`split parameter 'side'`), but with sections counted from 1, as everything in Lua counts.
    static let runParameterStyle = LayoutParameters.Style(naming: .parameter, indexBase: 1)

    /// "(or a duplicate policy: duplicates = "pairInOrder" or "suffix")": how a test keeps a data
    /// file's repeated ids, where TesseraCore's message says "(or a duplicate policy)".
    static let runPolicyNote: String = {
        let keeping = DuplicatePolicy.keeping.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        return "(or a duplicate policy: duplicates = \(keeping))"
    }()

    /// t.run(layout, {data =, duplicates =, sectionBy =, viewport =, offset =, params =, sizing =,
    /// rtl =, safeArea =, layoutMargins =, readableWidth =}) -> the
    /// `run --format json` document as a table. A layout is a built-in name, a
    /// script name, a `.lua` path (relative to the test file) or a layout value; data is a
    /// dataset path (relative to the test file) or an array of items with ids. `duplicates`
    /// is the data file's duplicate policy, as `--duplicates` gives it.
    static let moduleRun: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let session = host.layoutTestSession else { throw args.onlyInTestFiles() }
            let L = args.L
            let options = try args.optTable(2, "options", known: ["data", "duplicates", "sectionBy", "viewport", "offset", "params", "sizing", "rtl"]
                                                + LuaTableArgument.guideFields)
            let poll = LimitPoll(L)
            let duplicates = try options?.option("duplicates", default: DuplicatePolicy.reject) ?? .reject
            let params = try options?.params(host: host, args: args) ?? [:]
            let layoutName: String
            let layout: any Layout
            if let name = LuaStack.string(L, 1) {
                layoutName = name
                let target = name.hasSuffix(".lua") ? session.resolve(name) : name
                if name.hasSuffix(".lua") && !session.isInsideProject(target) {
                    throw args.outsideProject("layout '\(name)'", roots: session.options.roots)
                }
                // A missing file, a script's shape or params, a built-in's params: all at the
                // test's line, as t.run's own checks are.
                do { layout = try host.layout(named: target, params: params, style: runParameterStyle) } catch let error as LuaScriptError where error.kind == .file {
                    throw args.relayed(name.hasSuffix(".lua") ? session.notingWorkingDirectory(error.message, name: name) : error.message)
                } catch let error as LuaScriptError where error.kind == .script {
                    throw args.relayed(error.message)
                } catch let error as LayoutError {
                    throw args.relayed(error.message)
                } catch {
                    throw scriptFailure(error, session: session, args: args)
                }
            } else {
                layoutName = "layout"
                let base = try args.layout(1, "layout", host: host)
                do { layout = params.isEmpty ? base : try host.layout(from: host.value(at: 1), params: params) }
                catch let error as LuaScriptError where error.kind == .script { throw args.relayed(error.message) }
                catch let error as LayoutError { throw args.relayed(error.message) }
            }
            var dataset: Dataset = try options?.with("data") { slot in
                // Items written in the test (or generated) are its own: a repeat there is a mistake.
                if lua_type(L, slot) != LUA_TSTRING, options!.has("duplicates") {
                    throw args.error(.field("duplicates"), "applies to a data file only (data = \"file.json\")")
                }
                switch lua_type(L, slot) {
                case LUA_TNIL: return .generatedSample
                case LUA_TSTRING:
                    let name = LuaStack.string(L, slot) ?? ""
                    let path = session.resolve(name)
                    guard session.isInsideProject(path) else {
                        throw args.outsideProject("dataset '\(name)'", roots: session.options.roots)
                    }
                    do { return try DatasetLoader.load(path: path, duplicatePolicy: duplicates) } catch let error as DatasetError {
                        throw args.relayed(session.notingWorkingDirectory(error.naming(policyNote: runPolicyNote).description, name: name))
                    }
                case LUA_TTABLE:
                    let data = try DiffSide(args, slot: slot, name: "options.data", poll: poll).dataset()
                    try checkSizes(of: data, args: args)
                    return data
                default:
                    throw options!.error("data", mustBe: "a dataset path or an array of items", numeric: false)
                }
            } ?? .generatedSample
            if let field = try options?.optString("sectionBy") {
                do { dataset = try dataset.sectioned(by: field) } catch let error as DatasetError {
                    throw args.relayed(error.description)
                }
            }
            let viewport = try options?.with("viewport") { slot -> Size in
                if lua_type(L, slot) == LUA_TNIL { return Size(width: 375, height: 812) }
                guard let pair = try host.numberPair(slot, args), pair.0 >= 0, pair.1 >= 0 else {
                    throw args.error(.field("viewport"), at: slot, mustBe: "{width, height} with two finite, non-negative numbers",
                                     got: LuaArguments.shownList(L, slot))
                }
                return Size(width: pair.0, height: pair.1)
            } ?? Size(width: 375, height: 812)
            let offset = try options?.with("offset") { slot -> Point? in
                if lua_type(L, slot) == LUA_TNIL { return nil }
                guard let pair = try host.numberPair(slot, args) else {
                    throw args.error(.field("offset"), at: slot, mustBe: "{x, y} with two finite numbers", got: LuaArguments.shownList(L, slot))
                }
                return Point(x: pair.0, y: pair.1)
            } ?? nil
            let rule: SizingRule = try options?.with("sizing") { slot in
                if lua_type(L, slot) == LUA_TNIL { return .fit }
                guard let text = LuaStack.string(L, slot), let rule = SizingRule(rawValue: text) else {
                    throw options!.error("sizing", mustBe: "one of \(SizingRule.allCases.map(\.rawValue).joined(separator: ", "))", numeric: false)
                }
                return rule
            } ?? .fit
            let rightToLeft = try options?.bool("rtl", default: false) ?? false
            // The viewport's guides, as `run --safe-area` and its siblings give them.
            let guides = try options?.guides() ?? .zero

            var context = LayoutContext(dataset: dataset, collectionSize: viewport, sizing: ItemSizing(rule: rule))
            context.guides = guides
            let result: any LayoutResult
            do { result = try (rightToLeft ? MirroredLayout(layout) : layout).layout(context) } catch {
                throw scriptFailure(error, session: session, args: args)
            }
            let visible = offset.map { Rect(x: $0.x, y: $0.y, width: viewport.width, height: viewport.height) }
            let document = try session.options.document(LayoutTestRun(dataset: dataset, viewport: viewport, result: result,
                                                                       visible: visible, layoutName: layoutName))
            try poll.check()
            // Plain tables: read-only views would triple the tables of a 10k-item run (a proxy and a
            // metatable each), and the matchers read the document itself, not the table.
            try LuaStack.push(L, json: document, readOnly: false, poll: poll)
            session.runs.append(.init(layout: layout, context: context, dataset: dataset, rightToLeft: rightToLeft, result: result, document: document))
            if let handles = session.runHandles {
                host.push(handles)
                lua_pushvalue(L, -2)
                lua_pushinteger(L, lua_Integer(session.runs.count - 1))
                lua_rawset(L, -3)
                tb_pop(L, 1)
            }
            return 1
        }
    }

    /// The host functions the test harness (layout-tests.lua) gets, by name.
    static let layoutTestChecks: [(String, tb_HostFunction)] = [
        ("equal", testEqual), ("snapshot", testSnapshot), ("overlaps", testOverlaps),
        ("fits", testFits), ("mirrors", testMirrors), ("number", testNumber),
    ]

    /// number(v) -> text: a number as every message shows it ("nan", "inf", "-inf", %.14g).
    static let testNumber: tb_HostFunction = { L, _ in
        tb_pushnumbertext(L, lua_tonumberx(L, 1, nil))
        return 1
    }

    /// equal(actual, expected) -> nil | message. Deep equality of plain data.
    static let testEqual: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            let poll = LimitPoll(args.L)
            let actual = try host.plainData(1, "the value", args, poll: poll)
            let expected = try host.plainData(2, "the expected value", args, poll: poll)
            guard let difference = SnapshotComparison.describe(expected: expected, actual: actual, tolerance: 0, indexBase: 1) else { return 0 }
            LuaStack.push(args.L, "expected values to be equal: \(difference)")
            return 1
        }
    }

    /// snapshot(key, value) -> nil | message.
    static let testSnapshot: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let session = host.layoutTestSession else { return 0 }
            let key = try args.string(1, "key")
            let value = try host.plainData(2, "the value", args, poll: LimitPoll(args.L))
            if let (path, number) = value.firstNonFiniteNumber(indexBase: 1) {
                // A snapshot file is JSON text, which has no NaN or infinity: fail the test here.
                let shown = number.isNaN ? "nan" : number > 0 ? "inf" : "-inf"   // as Lua prints it, whatever NaN's sign
                LuaStack.push(args.L, "toMatchSnapshot: the value\(path) is \(shown); a snapshot is JSON, which has no NaN or infinity")
                return 1
            }
            guard let message = session.snapshot(key, value) else { return 0 }
            LuaStack.push(args.L, message)
            return 1
        }
    }

    /// overlaps(run) -> nil | message: no two items share a positive area.
    static let testOverlaps: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let check = try host.matcherCheck("toHaveNoOverlaps", args)?.check else { return 1 }
            guard !check.overlaps.isEmpty else { return 0 }
            let count = NumberText.grouped(check.overlaps.count) + (check.overlapsTruncated ? "+" : "")
            let lines = ["expected no overlapping items, found \(count) overlapping pair\(check.overlaps.count == 1 ? "" : "s"):"]
                + check.overlapWarnings(limit: 10).map { "  " + $0 }
            LuaStack.push(args.L, lines.joined(separator: "\n"))
            return 1
        }
    }

    /// fits(run) -> nil | message: every element lies inside the content bounds.
    static let testFits: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let checked = try host.matcherCheck("toFitContent", args) else { return 1 }
            let (run, check) = checked
            let size = run.result.contentSize, origin = run.result.contentOrigin
            let content = Rect(origin: origin, size: size)
            let elements = (run.result.supplementaries + run.result.decorations).filter { LayoutCheck.lies($0.frame, outside: content) }
            guard !check.outside.isEmpty || !elements.isEmpty else { return 0 }
            var lines = ["expected every element inside the content bounds \(LayoutCheck.extent(origin: origin, size: size)), "
                         + "\(NumberText.grouped(check.outside.count + elements.count)) lie outside:"]
            lines += check.outsideWarnings(limit: 10).map { "  " + $0 }
            lines += elements.prefix(10).map { "  \($0.kind) of section \($0.section) at \($0.frame.compact) lies outside the content bounds" }
            LuaStack.push(args.L, lines.joined(separator: "\n"))
            return 1
        }
    }

    /// mirrors(run) -> nil | message: the run with `rtl` flipped is this run's mirror image
    /// around the viewport width (x' = W − x − w), item by item and element by element.
    static let testMirrors: tb_HostFunction = { L, context in
        LuaHost.hosted(L, context) { host, args in
            guard let run = host.matcherRun("toMirrorInRTL", args) else { return 1 }
            let other = try (run.rightToLeft ? run.layout : MirroredLayout(run.layout)).layout(run.context)
            let (ltr, rtl) = run.rightToLeft ? (other, run.result) : (run.result, other)
            let width = run.context.collectionSize.width
            func mirrored(_ f: Rect) -> Rect { Rect(x: width - f.x - f.width, y: f.y, width: f.width, height: f.height) }
            let same = RunDifference.sameFrame
            var problems: [String] = []
            if ltr.count != rtl.count { problems.append("the rtl run has \(NumberText.counted(rtl.count, "item")), the ltr run \(NumberText.grouped(ltr.count))") }
            var differing = 0
            for i in 0..<min(ltr.count, rtl.count) {
                let expected = mirrored(try ltr.frame(at: i)), got = try rtl.frame(at: i)
                if !same(expected, got) {
                    differing += 1
                    if differing <= 10 { problems.append("item \(i): expected \(expected.compact), got \(got.compact)") }
                }
            }
            let ltrElements = ltr.supplementaries + ltr.decorations, rtlElements = rtl.supplementaries + rtl.decorations
            for (a, b) in zip(ltrElements, rtlElements) where !same(mirrored(a.frame), b.frame) {
                differing += 1
                if differing <= 10 { problems.append("\(a.kind) of section \(a.section): expected \(mirrored(a.frame).compact), got \(b.frame.compact)") }
            }
            guard !problems.isEmpty else { return 0 }
            let lines = ["expected the rtl run to mirror the ltr run around the width \(LayoutCheck.number(width)); \(NumberText.counted(differing, "element")) differ:"]
                + problems.map { "  " + $0 }
            LuaStack.push(args.L, lines.joined(separator: "\n"))
            return 1
        }
    }
}

extension LuaHost {
    /// [-0, +0, -] The run `t.run` returned that is at `slot`, if it is one.
    func testRun(at slot: Int32) -> LayoutTestSession.Run? {
        guard let session = layoutTestSession, let handles = session.runHandles, lua_type(L, slot) == LUA_TTABLE else { return nil }
        let slot = lua_absindex(L, slot)
        push(handles)
        lua_pushvalue(L, slot)
        lua_rawget(L, -2)
        let handle = LuaStack.integer(L, -1)
        tb_pop(L, 2)
        guard let handle, session.runs.indices.contains(handle) else { return nil }
        return session.runs[handle]
    }

    /// The plain data at `slot` (a run's document without converting it back).
    func plainData(_ slot: Int32, _ what: String, _ args: LuaArguments, poll: LimitPoll? = nil) throws -> JSONValue {
        if let run = testRun(at: slot) { return run.document }
        do { return try LuaStack.json(args.L, slot, path: what, poll: poll) } catch let error as LuaStack.ConversionError {
            throw args.relayed(error.message)
        }
    }

    /// Two finite numbers `{a, b}` at `slot`, or nil.
    func numberPair(_ slot: Int32, _ args: LuaArguments) throws -> (Double, Double)? {
        guard lua_type(L, slot) == LUA_TTABLE, case .array(let v) = try plainData(slot, "pair", args), v.count == 2,
              let a = v[0].number, let b = v[1].number, a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }

    /// [-0, +(0|1), m] The run a run matcher was given; nil after pushing the message saying
    /// it needs one.
    fileprivate func matcherRun(_ matcher: String, _ args: LuaArguments) -> LayoutTestSession.Run? {
        if let run = testRun(at: 1) { return run }
        LuaStack.push(args.L, "\(matcher) expects a run returned by t.run in this test, got \(LuaStack.typeName(args.L, 1))")
        return nil
    }

    /// [-0, +(0|1), m] `matcherRun` with the layout check of its run.
    fileprivate func matcherCheck(_ matcher: String, _ args: LuaArguments) throws -> (run: LayoutTestSession.Run, check: LayoutCheck)? {
        guard let run = matcherRun(matcher, args) else { return nil }
        let dataset = run.dataset
        return (run, try LayoutCheck(checking: run.result, id: { $0 < dataset.count ? dataset.id(at: $0) : nil }))
    }
}

/// A layout script's own failure inside `t.run` (it raised, or does not compile) as a dataset's
/// is told: at the test's line, `t.run: ` then the script's `file:line: message`, so the message
/// names both lines; its traceback is kept. An error at a line of the test file itself (a layout
/// it built) names its place there already, and any other error (a limit's stop) is returned as
/// it is.
private func scriptFailure(_ error: Error, session: LayoutTestSession, args: LuaArguments) -> Error {
    guard let error = error as? LuaScriptError, error.kind == .runtime || error.kind == .syntax,
          error.file != session.path else { return error }
    luaL_where(args.L, 1)
    let caller = LuaStack.string(args.L, -1) ?? ""
    tb_pop(args.L, 1)
    return LuaScriptError(.runtime, message: caller + args.relayed(error.message).message, traceback: error.traceback)
}

/// Items written in Lua for `t.run` are held to a data file's size rule (numbers from 0 to
/// `Item.largestSize`): `t.run: options.data[1].w must be a number from 0 to 1e7, got 1e+308`.
/// O(n).
private func checkSizes(of data: Dataset, args: LuaArguments) throws {
    let flat = data.sections.count == 1 && data.sections[0].id == .int(0) && data.sections[0].fields.isEmpty
    for i in 0..<data.count {
        let fields = data.fields(at: i)
        for key in ItemRules.sizeFields {
            guard let value = fields[key], ItemRules.sizeProblem(key, value) != nil else { continue }
            let s = data.sectionIndex(containing: i)
            let item = flat ? "options.data[\(i + 1)]"
                : "options.data.sections[\(s + 1)].items[\(i - data.sections[s].range.lowerBound + 1)]"
            throw args.error(.path("\(item).\(key)"), "must be a number \(Item.sizeRange), got \(value.briefDescription)")
        }
    }
}
