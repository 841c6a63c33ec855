import TesseraCore

public struct Message: Equatable, Sendable {
    public var id: Int
    public var text: String
    public init(id: Int, text: String) { self.id = id; self.text = text }
}

/// The batch that turns `old` into `new` (what a collection view animates), applied to the data
/// source's own array of models.
public func applyDiff(old: [Message], new: [Message]) throws -> (Changeset, [Message]) {
    let changeset = try Changeset(from: old.map(\.id), to: new.map(\.id),
                                  isItemUpdated: { _, i, j in old[i] != new[j] })
    var models = old
    try changeset.apply(to: &models, inserting: { new[$0] })   // inserted and updated models
    return (changeset, models)                                 // models == new
}
