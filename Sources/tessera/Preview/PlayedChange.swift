import OrderedCollections
import TesseraCore

/// What a run plays with `--animator` before its picture shows, decided from what the last good
/// run was made of and what this one is: which saves play, and from which frames. A save of
/// the data or of the layout (its script, a module) plays; anything else (the animator's own
/// save, a new viewport, the page's params alone, measurements) just repaints.
enum PlayedChange: Equatable {
    /// The data changed and the layout did not: the last good data laid out again and reloaded
    /// to the new data, as `tessera animate --to` plays it.
    case reload
    /// The layout changed (the data too, or not): from the last good run's frames to the new
    /// run's, as CollectionKit animates a replaced layout and `tessera animate --to-layout` plays
    /// it: items in both keep their views and move, the new data's items insert, the old's delete.
    case relayout

    /// What a run was made of: the files it read (the script, its modules, the data, the
    /// animator), the page's params and the viewport.
    struct Inputs: Equatable {
        var files: [String: [UInt8]]
        var pageParams: OrderedDictionary<String, JSONValue>
        var viewport: Size
    }

    /// The change played from `last` (the last good run's inputs; nil before one, or without an
    /// animator) to `now` in a preview of `configuration`; nil when the run just repaints.
    static func between(_ last: Inputs?, and now: Inputs, in configuration: PreviewSession.Configuration) -> PlayedChange? {
        guard let last, last.viewport == now.viewport else { return nil }
        if configuration.layoutFiles(last.files) != configuration.layoutFiles(now.files) { return .relayout }
        let dataChanged = configuration.dataPath.map { last.files[$0] != now.files[$0] } ?? false
        guard dataChanged else { return nil }
        // A data save that comes with other params: the last good picture was laid out with the old ones.
        return last.pageParams == now.pageParams ? .reload : .relayout
    }
}

extension PreviewSession.Configuration {
    /// The files the layout is made of (the script and its modules) among a run's `files`: not
    /// the data, nor the animator, whose save repaints (a run reads it again).
    func layoutFiles(_ files: [String: [UInt8]]) -> [String: [UInt8]] {
        files.filter { $0.key != dataPath && $0.key != animatorFile }
    }
}
