import Foundation
import OrderedCollections
import TesseraCore
import TesseraLua
import TesseraRender

// The stages that make a frame from what the read stage gave: the script's host and layout,
// the id table's version and the frames (through the measuring engine with --measure), and the
// frame message.
extension PreviewSession {
    /// Script, its host: a new Lua host that runs the script and its modules from the bytes
    /// the read stage compared (a module not read yet, newly required, is read once and kept).
    func scriptHost(reading files: ScriptFileBytes) throws -> LuaHost {
        let lua = try LuaHost(limits: configuration.limits.scriptLimits)
        lua.output = printing()
        files.serve(lua)
        runUses(lua)
        return lua
    }

    /// Script: the layout it makes with `--param`'s and the page's params (the page's controls
    /// kept for the frame message).
    func script(in lua: LuaHost, pageParams: OrderedDictionary<String, JSONValue>) throws -> any Layout {
        let layout: any Layout
        (layout, paramControls) = try Self.layout(named: configuration.layout, file: layoutFile, in: lua, params: configuration.params,
                                                  page: pageParams)
        return layout
    }

    /// What the layout stage hands on: the result, the id table's version, and with --measure
    /// how the page keeps its place.
    struct LaidOut {
        var result: any LayoutResult
        var idsVersion: Int
        var adjust: MeasuredPreview.Adjust?
    }

    /// Layout: the id table's version (new only when the ids changed), then the frames, through
    /// the measuring engine with --measure.
    func layOut(_ layout: any Layout, newLayout: Bool, owner lua: LuaHost, dataset: Dataset, datasetChanged: Bool,
                size: Size, batches: [MeasureBatch], retired: Retired) throws -> LaidOut {
        if datasetChanged || ids == nil {
            // Compared in the id arenas: no ItemID built per item. With --measure the table
            // carries the texts too, so it goes again whenever the data changed.
            let same = !configuration.measure && configuration.label == "id" && ids.map { $0.dataset.hasSameIDs(as: dataset) } == true
            let version = ids.map { same ? $0.version : $0.version + 1 } ?? 1
            retired.keep(ids)
            ids = (version, dataset)
        }
        let idsVersion = ids!.version
        guard configuration.measure else {
            var context = LayoutContext(dataset: dataset, collectionSize: size, sizing: ItemSizing(rule: configuration.sizing))
            context.guides = configuration.guides
            return LaidOut(result: try layout.layout(context), idsVersion: idsVersion)
        }
        let sizing = ItemSizing(rule: configuration.sizing)
        let engine = measured ?? MeasuredPreview(layout: layout, owner: lua, dataset: dataset, sizing: sizing, viewport: size,
                                                      guides: configuration.guides)
        measured = engine
        let pass = try engine.run(generation: generation, layout: newLayout ? layout : nil, owner: lua,
                                  dataset: datasetChanged ? dataset : nil, idsVersion: idsVersion,
                                  viewport: size, batches: batches)
        for reason in pass.refused { logError("preview: \(reason)") }
        measuredLayout = (lua, layout)
        return LaidOut(result: pass.result, idsVersion: idsVersion, adjust: pass.adjust)
    }

    /// Encode: the frame message of `run`.
    func encode(_ run: LayoutRun, _ laidOut: LaidOut, timings: [(String, Double)]) throws -> Data {
        var update = PreviewUpdate(run: run, generation: generation, idsVersion: laidOut.idsVersion, timings: timings)
        update.measure = configuration.measure
        update.adjust = laidOut.adjust
        update.params = paramControls
        update.safeArea = configuration.guides.safeArea
        // Only a layout that takes params has controls to compare.
        if !paramControls.isEmpty { update.pageParams = .object(lastPageParams ?? [:]) }
        return try update.encode(storage: Self.data)
    }
}
