import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua

extension PreviewSession {
    /// The inspector's "frame set at": the last good run's layout run again once, in a fresh
    /// state, from the script bytes that run read and with its params (the page's too), with
    /// `LuaHost.recordingFrameOrigin` watching item `index` (0-based). Only an inspection pays for it; ordinary runs install no hook. The reply:
    /// `{"type":"origin","gen":G,"index":I,"file":F,"line":L,"via":"ctx.set"|"frame"}`, or with
    /// `"none"`: why there is no line.
    func frameOriginMessage(of index: Int) -> String {
        var fields: OrderedDictionary<String, JSONValue> = ["type": .string("origin"), "index": .int(index)]
        let (last, sources) = lastGoodRunAndSources
        guard let (generation, run) = last, let sources, index >= 0, index < run.dataset.count else {
            fields["missing"] = .bool(true)
            return JSONWriter.write(.object(fields))
        }
        fields["gen"] = .int(generation)
        do {
            var limits = configuration.limits.scriptLimits
            limits.maxInstructions = nil   // its count hook would replace the recording one
            let host = try LuaHost(limits: limits)
            host.output = { _ in }
            ScriptFileBytes(sources.files).serve(host)
            let (layout, _) = try Self.layout(named: configuration.layout, file: layoutFile, in: host,
                                              params: configuration.params, page: sources.pageParams)
            var context = LayoutContext(dataset: run.dataset, collectionSize: run.viewport,
                                        sizing: ItemSizing(rule: configuration.sizing))
            context.guides = configuration.guides
            let origin = try host.recordingFrameOrigin(of: index) { arm in
                let result = try layout.layout(context)
                arm()
                _ = try result.frame(at: index)
            }
            if let origin {
                fields["file"] = .string(origin.file)
                fields["line"] = .int(origin.line)
                fields["via"] = .string(origin.via)
            } else {
                fields["none"] = .string(BuiltinLayouts.names.contains(configuration.layout)
                    ? "no script line: \(configuration.layout) is a built-in layout"
                    : "no script line: a layout the script built placed it, or the script returned its frames")
            }
        } catch {
            fields["none"] = .string("the layout did not run again: \(PreviewFailure(error).sentence)")
        }
        return JSONWriter.write(.object(fields))
    }
}

/// Runs jobs one at a time off the caller's thread; a job submitted while one runs replaces the
/// one waiting, if any (the latest selection wins), so a page reloading with an item selected
/// never queues layout runs faster than they finish.
final class FrameOriginQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var waiting: (@Sendable () -> Void)?

    func submit(_ job: @escaping @Sendable () -> Void) {
        let start = lock.withLock { () -> Bool in
            if running { waiting = job; return false }
            running = true
            return true
        }
        guard start else { return }
        DispatchQueue.global().async { [self] in
            var next: (@Sendable () -> Void)? = job
            while let run = next {
                run()
                next = lock.withLock {
                    let waited = waiting
                    waiting = nil
                    if waited == nil { running = false }
                    return waited
                }
            }
        }
    }
}
