import LuaBridge
import TesseraCore

// One nesting guard for every tree a script builds: layout values (t.inset over t.inset),
// compositional parts (groups in groups, sections, layouts) and provider trees (t.composed,
// t.headers, t.emptyState) are at most `LuaHost.maxLayoutNesting` levels deep, so neither
// building, laying out, reporting a change nor releasing one recurses deeply enough to
// overflow the native stack. Values built once carry their depth (the deepest value a host
// function read, plus one). Provider trees change by assignment, so their depth is checked where
// a script attaches providers (cycles are refused there too, by Provider.contains) and again
// before each engine pass (attachments below a deep parent can deepen a tree above it); the
// walk uses an explicit stack and stops at the limit.

enum ProviderTree {
    /// The providers directly inside `p`.
    static func children(_ p: Provider) -> [Provider] {
        switch p {
        case let c as ComposedProvider: c.sections
        case let h as HeadersProvider: h.sections
        case let e as EmptyStateProvider: [e.content]
        default: []
        }
    }

    /// Whether a provider in the trees of `roots` (at depth `start`) lies deeper than `limit`.
    /// O(providers x limit) at worst.
    static func isTooDeep(_ roots: [Provider], start: Int, limit: Int = LuaHost.maxLayoutNesting) -> Bool {
        var stack = roots.map { ($0, start) }
        var deepestSeen: [ObjectIdentifier: Int] = [:]
        while let (p, depth) = stack.popLast() {
            if depth > limit { return true }
            let id = ObjectIdentifier(p)
            if let seen = deepestSeen[id], seen >= depth { continue }
            deepestSeen[id] = depth
            for child in children(p) { stack.append((child, depth + 1)) }
        }
        return false
    }
}

extension LuaHost {
    /// Throws unless attaching `children` to a provider keeps its tree at most the limit deep
    /// (cycles are refused where the children are read, by `Provider.contains`).
    func checkNesting(_ children: [Provider], function: String, key: String) throws {
        guard ProviderTree.isTooDeep(children, start: 2) else { return }
        throw LuaArguments.tooDeep("\(function): field '\(key)'", "would nest providers")
    }

    /// Throws if the provider tree under `root` is deeper than the limit, or lays out more
    /// items through providers shared by several sections than the memory limit can hold (a
    /// pass lays a shared provider out at each place: sections = {p, p} nested 16 levels deep
    /// is 65536 copies of p). Before a pass.
    func checkProviderTree(_ root: Provider?, function: String) throws {
        guard let root else { return }
        if ProviderTree.isTooDeep([root], start: 1) {
            throw LuaArguments.tooDeep("\(function): the engine's providers", "are nested")
        }
        let counts = root.itemCounts()
        let most = limits.maxMemoryBytes / Self.bytesPerLaidOutItem
        guard counts.expanded > counts.distinct, counts.expanded > most else { return }
        throw LuaArguments.providersTooLarge(function, items: counts.expanded, distinct: counts.distinct,
                                             limit: Self.formatBytes(limits.maxMemoryBytes), most: most)
    }

    /// What one laid-out item of a pass costs at least (its frame, flattened entry, identifier
    /// and index entry), for the estimate above.
    static let bytesPerLaidOutItem = 256

    /// Runs an engine pass with the script's limits checked at every provider place.
    func inPass<T>(_ body: () throws -> T) throws -> T {
        let L = self.L
        return try ProviderPass.withCheckpoint(.init { if tb_stopping(L) != 0 { throw LimitPoll.Stop() } }, body)
    }

    /// The depth of a value built now from what the host function read, checked against the limit.
    func nextNestingDepth(_ args: LuaArguments) throws -> Int {
        let depth = deepestLayoutRead + 1
        deepestLayoutRead = 0
        guard depth <= LuaHost.maxLayoutNesting else {
            throw args.nestedTooDeep(depth)
        }
        return depth
    }
}
