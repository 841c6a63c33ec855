import Foundation
import TesseraCore
import TesseraLua
import TesseraRender

// The read stage: the watched files' bytes (only the ones the watcher named, once it runs) and
// the dataset of the data file's, parsed again only when they changed. A file that cannot be
// read stops the run here.
extension PreviewSession {
    /// Read: the bytes of every watched file (the script, the data, the animator, the modules
    /// the last run required), by the loader's own reading, with `--max-data-size` for the
    /// data and the Lua host's source limit for the scripts; unchanged files, as the watcher says, keep the bytes already read. Nil when a file
    /// cannot be read (the run stops there and the pages are told).
    func read(changed: Set<String>) -> [String: [UInt8]]? {
        var inputs: [String: [UInt8]] = [:]
        for path in watchedFiles {
            // Unchanged since the last run, as the watcher says: the bytes already read.
            if readsOnlyChangedFiles, let old = lastInputs?[path], !changed.contains(FileWatcher.absolute(path)) {
                inputs[path] = old
                continue
            }
            do {
                inputs[path] = try DatasetLoader.readBytes(ofFile: path, maxBytes: path == configuration.dataPath ? configuration.maxDataBytes : LuaHost.maxSourceBytes)
            } catch {
                // Deleted (an editor re-creating it, or gone): the next save brings it back.
                if modules.contains(path) { continue }
                signal.withLock { dirty.formUnion(changed) }
                // Gone a moment as an editor saves (polling saw it between two steps): the save decides.
                if anotherSaveArrives(waiting: true) { return nil }
                if let error = error as? DatasetError, path != configuration.dataPath {
                    unreadable(unreadableScript(error, what: path == configuration.animatorFile ? "animator script" : "script"))
                } else {
                    unreadable(error)
                }
                return nil
            }
        }
        return inputs
    }

    /// Data: the dataset of the data file's bytes, in the format `DatasetLoader` loads that
    /// file in, regrouped by `--section-by`; parsed again only when the bytes changed. Without a
    /// data file, the generated sample (its bytes are none, and never change). Its errors
    /// are worded as every command words them by `PreviewFailure` (a repeated id names `--duplicates`;
    /// a `--label` field no item has is refused, as run refuses it).
    func data(_ bytes: [UInt8], retired: Retired) throws -> (dataset: Dataset, changed: Bool) {
        if let parsed = parsedData, parsed.bytes == bytes { return (parsed.dataset, false) }
        let dataset = try datasetOrSample(configuration.dataPath, sectionBy: configuration.sectionBy) { path in
            try DatasetLoader.parse(data: bytes, fileName: path, format: DatasetLoader.format(ofFile: path),
                                    duplicatePolicy: configuration.duplicates)
        }
        try ItemLabels(field: configuration.label).check(dataset)
        retired.keep(parsedData)
        parsedData = (bytes, dataset)
        return (dataset, true)
    }
}
