import ArgumentParser
import Foundation
import TesseraCore
import TesseraLua

/// `tessera check LAYOUT.lua [--data FILE]` (issue 3 point 5): loads the script in the sandbox,
/// lays out the dataset (or 100 generated items), validates every frame, and warns about
/// overlapping items and items outside the content bounds.
///
/// Errors (the script fails, a frame is NaN, infinite or negative, the frame count is wrong,
/// `visible` returns an index out of range) exit with status 1 and name the script's line.
/// Warnings do not change the exit status.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a .lua layout in the sandbox on a dataset and validate its frames.")

    @Argument(help: "The .lua layout script (a built-in layout name works too).")
    var layout: String

    @OptionGroup var input: LayoutInputOptions

    @Option(help: "How many warnings of each kind to list.")
    var maxWarnings: Int = 10

    func run() throws {
        let run = try input.layOut(layout)
        let check = try LayoutCheck(result: run.result)
        let source = input.data ?? "100 generated items"
        for warning in check.warnings(limit: max(0, maxWarnings)) { printLine("warning: \(warning)") }
        let size = run.result.contentSize
        printLine("\(layout): ok on \(source): \(run.result.count) items, content \(size.width.compact)x\(size.height.compact), "
              + "\(check.warningCount)\(check.overlapsTruncated ? "+" : "") warnings")
    }
}

/// What `check` finds in a layout result. Frames are read once (checked, for analytic
/// scripts); overlaps come from a spatial index over them, so the check is O(n log n + k).
struct LayoutCheck {
    /// Pairs (i, j), i < j, whose frames share a positive area.
    private(set) var overlaps: [(Int, Int)] = []
    /// True when counting stopped at `overlapLimit` pairs.
    private(set) var overlapsTruncated = false
    /// Items whose frame reaches outside (0, 0, contentSize).
    private(set) var outside: [Int] = []
    /// Items an analytic script's `visible` missed, with the rectangle asked.
    private(set) var missedByVisible: [(Rect, [Int])] = []
    let frames: [Rect]
    let contentSize: Size

    static let overlapLimit = 10_000

    init(result: any LayoutResult) throws {
        let analytic = result as? ScriptedAnalyticResult
        var frames: [Rect] = []
        frames.reserveCapacity(result.count)
        for i in 0..<result.count {
            let frame: Rect
            do { frame = try analytic?.checkedFrame(at: i) ?? result.frame(at: i) } catch let e as LuaScriptError {
                throw CLIError(e.description)
            }
            guard frame.isValidFrame else {
                throw CLIError("frame \(i + 1) is \(frame); a frame needs \(frame.frameRequirement)")
            }
            frames.append(frame)
        }
        self.frames = frames
        contentSize = result.contentSize

        let slack = 1e-9
        for (i, f) in frames.enumerated()
        where f.minX < -slack || f.minY < -slack || f.maxX > contentSize.width + slack || f.maxY > contentSize.height + slack {
            outside.append(i)
        }

        let index = SpatialIndex(frames: frames)
        scan: for (i, f) in frames.enumerated() where f.width > 0 && f.height > 0 {
            for j in index.query(f) where j > i {
                overlaps.append((i, j))
                if overlaps.count >= Self.overlapLimit { overlapsTruncated = true; break scan }
            }
        }

        if let analytic { try checkVisible(analytic, index: index) }
    }

    /// Compares an analytic script's `visible` with the frames for a few viewport-sized
    /// rectangles down the content. O(samples · (k log n)).
    private mutating func checkVisible(_ result: ScriptedAnalyticResult, index: SpatialIndex) throws {
        let height = max(1, min(contentSize.height, 812)), width = max(1, contentSize.width)
        let steps = 8
        for s in 0..<steps {
            let y = (contentSize.height - height) * Double(s) / Double(steps - 1)
            let rect = Rect(x: 0, y: max(0, y), width: width, height: height)
            let reported: [Int]
            do { reported = try result.checkedVisible(in: rect) } catch let e as LuaScriptError {
                throw CLIError(e.description)
            }
            let seen = Set(reported)
            let missed = index.query(rect).filter { !seen.contains($0) }
            if !missed.isEmpty { missedByVisible.append((rect, missed)) }
        }
    }

    func warnings(limit: Int) -> [String] {
        var lines: [String] = []
        for (i, j) in overlaps.prefix(limit) {
            lines.append("items \(i + 1) and \(j + 1) overlap: \(frames[i].compact) and \(frames[j].compact)")
        }
        if overlaps.count > limit {
            lines.append("... \(overlaps.count - limit)\(overlapsTruncated ? "+" : "") more overlapping pairs")
        }
        for i in outside.prefix(limit) {
            lines.append("item \(i + 1) at \(frames[i].compact) lies outside the content bounds \(contentSize.width.compact)x\(contentSize.height.compact)")
        }
        if outside.count > limit { lines.append("... \(outside.count - limit) more items outside the content bounds") }
        for (rect, missed) in missedByVisible.prefix(limit) {
            let list = missed.prefix(5).map { String($0 + 1) }.joined(separator: ", ") + (missed.count > 5 ? ", ..." : "")
            lines.append("visible\(rect.compact) missed \(missed.count) items whose frames overlap it: \(list)")
        }
        return lines
    }

    /// Warnings found, counting each missed-visible rectangle once.
    var warningCount: Int { overlaps.count + outside.count + missedByVisible.count }
}

private extension Double {
    var compact: String { JSONWriter.format(self) }
}

private extension Rect {
    var compact: String { "(\(x.compact), \(y.compact), \(width.compact), \(height.compact))" }
}
