/// Why a changeset cannot be applied to a snapshot or to models: the batch is inconsistent with
/// the state it is applied to (UIKit raises an "invalid update" exception for each of these).
///
/// The cases carry the index, path and count they name; `description` is one sentence.
public enum ChangesetApplyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which state an index was checked against.
    public enum State: Sendable, Equatable {
        /// The state the batch starts from (OLD).
        case old
        /// The state after the batch.
        case result
    }

    /// Section `section`, named by a `operation` ("deleted", "moved", "updated", "inserted"),
    /// is not among the `sectionCount` sections of `state`.
    case sectionOutOfRange(operation: String, section: Int, sectionCount: Int, state: State)
    /// Item `path`, named by `operation`, is past the `itemCount` items of its section in OLD.
    case itemOutOfRange(operation: String, path: ItemPath, itemCount: Int)
    /// Item `path`, named by `operation`, is in a section past the `sectionCount` sections of
    /// the result.
    case itemSectionOutOfRange(operation: String, path: ItemPath, sectionCount: Int)
    /// Applying the batch would give an invalid snapshot (an identifier twice).
    case invalidResult(SnapshotError)
    /// Any other inconsistency (an element listed twice, an update of a deleted item, counts
    /// that disagree, a malformed changeset document), as one sentence.
    case invalid(String)

    /// An error of the `invalid` kind, `message` being the whole sentence.
    public init(_ message: String) { self = .invalid(message) }

    /// One sentence naming the offending index, path or count. O(length of the message).
    public var description: String {
        switch self {
        case let .sectionOutOfRange(operation, section, count, .old):
            return "\(operation) section \(section) is out of range: OLD has \(NumberText.counted(count, "section"))."
        case let .sectionOutOfRange(operation, section, count, .result):
            return "\(operation) section \(section) is out of range: the result has \(NumberText.counted(count, "section"))."
        case let .itemOutOfRange(operation, path, count):
            return "\(operation) item \(path) is out of range: OLD section \(path.section) has \(NumberText.counted(count, "item"))."
        case let .itemSectionOutOfRange(operation, path, count):
            return "\(operation) item \(path) is out of range: the result has \(NumberText.counted(count, "section"))."
        case let .invalidResult(error):
            return "the result is not a valid snapshot: \(error)"
        case let .invalid(message):
            return message
        }
    }

    /// The same as `description`. O(length of the message).
    public var message: String { description }

    /// Two errors are equal when they say the same (a case built from values equals the same
    /// sentence given whole to `init(_:)`). O(length of the messages).
    public static func == (a: ChangesetApplyError, b: ChangesetApplyError) -> Bool { a.description == b.description }
}
