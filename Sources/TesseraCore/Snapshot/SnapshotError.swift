/// Why a snapshot operation was refused.
///
/// UIKit's diffable snapshots raise an exception (a crash, even in release builds) for each of
/// these; a Tessera snapshot throws one of these errors instead and is left unchanged. Every case
/// names the identifier involved and, for duplicates, where the identifier already is.
/// Identifiers are carried as messages write them (`describeIdentifier`: the integer 5 as `5`,
/// the string "5" as `"5"`, quoted, escaped and cut as JSON output would show them) so the error
/// type is not generic.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An item that is already in the snapshot was appended or inserted again.
    case duplicateItem(item: String, existingSection: String, existingIndex: Int)
    /// The same item occurs twice in a list given to the snapshot or to the diff.
    case duplicateItemInInput(item: String, firstPosition: Int, secondPosition: Int)
    /// A section that is already in the snapshot was appended or inserted again.
    case duplicateSection(section: String, existingIndex: Int)
    /// The same section occurs twice in a list given to the snapshot.
    case duplicateSectionInInput(section: String, firstPosition: Int, secondPosition: Int)
    /// An outline item that is already in the outline was added again; `existingParent` is nil
    /// for a root item, and `existingIndex` is its position among its siblings.
    case duplicateOutlineItem(item: String, existingParent: String?, existingIndex: Int)
    /// The same outline item occurs twice in a hierarchy being added; `existingParent` and
    /// `existingIndex` say where it first occurs in that hierarchy (nil: at its top level).
    case duplicateOutlineItemInInput(item: String, existingParent: String?, existingIndex: Int)
    /// The operation names an item that is not in the snapshot.
    case itemNotFound(item: String)
    /// The operation names a section that is not in the snapshot.
    case sectionNotFound(section: String)
    /// Items were appended without a section while the snapshot has no sections.
    case noSections
    /// An item or section was moved relative to itself.
    case moveRelativeToItself(identifier: String)

    public var description: String {
        switch self {
        case let .duplicateItem(item, section, index):
            return "duplicate item id \(item): it is already in section \(section) at index \(index)."
        case let .duplicateItemInInput(item, first, second):
            return "duplicate item id \(item): it occurs at positions \(first) and \(second) of the given list."
        case let .duplicateSection(section, index):
            return "duplicate section id \(section): it is already the section at index \(index)."
        case let .duplicateSectionInInput(section, first, second):
            return "duplicate section id \(section): it occurs at positions \(first) and \(second) of the given list."
        case let .duplicateOutlineItem(item, parent, index):
            if let parent {
                return "duplicate item id \(item): it is already child \(index) of \(parent) in the outline."
            }
            return "duplicate item id \(item): it is already root item \(index) of the outline."
        case let .duplicateOutlineItemInInput(item, parent, index):
            if let parent {
                return "duplicate item id \(item): it already occurs in the items being added, as child \(index) of \(parent)."
            }
            return "duplicate item id \(item): it already occurs in the items being added, at top-level position \(index)."
        case let .itemNotFound(item):
            return "item id \(item) is not in the snapshot."
        case let .sectionNotFound(section):
            return "section id \(section) is not in the snapshot."
        case .noSections:
            return "cannot append items: the snapshot has no sections; append a section first."
        case let .moveRelativeToItself(identifier):
            return "cannot move \(identifier) relative to itself."
        }
    }
}
