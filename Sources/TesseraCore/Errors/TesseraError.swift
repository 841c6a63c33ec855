/// Every error Tessera's libraries throw on purpose: catch `any TesseraError` to handle them all
/// in one place, and switch on `errorKind` to tell them apart without naming each type.
///
/// ```swift
/// do {
///     let result = try layout.layout(context)
/// } catch let error as any TesseraError {
///     print(error)   // one sentence, as the `tessera` command prints it
/// }
/// ```
///
/// `description` is the message the `tessera` command prints: one sentence naming the file and
/// line (datasets, scripts), the item or section, and what was expected; a Lua error adds the
/// script's traceback on the following lines. Print the error itself (`"\(error)"`,
/// `String(describing:)`): Foundation's `localizedDescription` does not know these messages (the
/// library has no Foundation to conform to `LocalizedError`) and says only "The operation could
/// not be completed".
public protocol TesseraError: Error, Sendable, CustomStringConvertible {
    /// Which part of Tessera refused.
    var errorKind: TesseraErrorKind { get }
}

/// The families of `TesseraError`, one per concrete error type.
public enum TesseraErrorKind: String, Hashable, Sendable, CaseIterable {
    /// A dataset file or value could not be loaded (`DatasetError`).
    case dataset
    /// JSON text is malformed (`JSONParseError`).
    case json
    /// A layout's parameters or frames are invalid (`LayoutError`).
    case layout
    /// A Lua script failed: syntax, runtime, limits, bad frames (`LuaScriptError`, TesseraLua).
    case script
    /// A snapshot operation was refused (`SnapshotError`).
    case snapshot
    /// A changeset does not fit the state it is applied to (`ChangesetApplyError`).
    case apply
    /// An animation description is malformed (`AnimationFormatError`).
    case animation
}

/// Typed access from the umbrella: each is the concrete error when `errorKind` names its
/// family, else nil, so a `switch` on `errorKind` reads the values with no cast:
///
/// ```swift
/// switch error.errorKind {
/// case .layout: if case .invalidParameter(let name, let allowed, _, _, _, _)? = error.layoutError { ... }
/// case .apply: print(error.applyError!.description)
/// default: print(error)
/// }
/// ```
extension TesseraError {
    /// The `DatasetError` when `errorKind` is `.dataset`. O(1).
    public var datasetError: DatasetError? { self as? DatasetError }
    /// The `JSONParseError` when `errorKind` is `.json`. O(1).
    public var jsonError: JSONParseError? { self as? JSONParseError }
    /// The `LayoutError` when `errorKind` is `.layout`. O(1).
    public var layoutError: LayoutError? { self as? LayoutError }
    /// The `SnapshotError` when `errorKind` is `.snapshot`. O(1).
    public var snapshotError: SnapshotError? { self as? SnapshotError }
    /// The `ChangesetApplyError` when `errorKind` is `.apply`. O(1).
    public var applyError: ChangesetApplyError? { self as? ChangesetApplyError }
    /// The `AnimationFormatError` when `errorKind` is `.animation`. O(1).
    public var animationError: AnimationFormatError? { self as? AnimationFormatError }
}

extension DatasetError: TesseraError { public var errorKind: TesseraErrorKind { .dataset } }
extension JSONParseError: TesseraError { public var errorKind: TesseraErrorKind { .json } }
extension LayoutError: TesseraError { public var errorKind: TesseraErrorKind { .layout } }
extension SnapshotError: TesseraError { public var errorKind: TesseraErrorKind { .snapshot } }
extension ChangesetApplyError: TesseraError { public var errorKind: TesseraErrorKind { .apply } }
extension AnimationFormatError: TesseraError { public var errorKind: TesseraErrorKind { .animation } }
