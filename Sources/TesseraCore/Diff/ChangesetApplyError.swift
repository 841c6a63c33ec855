/// Why a changeset cannot be applied to a snapshot: the batch is inconsistent with the state it
/// is applied to (UIKit raises an "invalid update" exception for each of these).
public struct ChangesetApplyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One sentence naming the offending index, path or count.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
