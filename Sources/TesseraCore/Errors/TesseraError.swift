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
/// script's traceback on the following lines.
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

extension DatasetError: TesseraError {
    public var errorKind: TesseraErrorKind { .dataset }
}

extension JSONParseError: TesseraError {
    public var errorKind: TesseraErrorKind { .json }
}

extension LayoutError: TesseraError {
    public var errorKind: TesseraErrorKind { .layout }
}

extension SnapshotError: TesseraError {
    public var errorKind: TesseraErrorKind { .snapshot }
}

extension ChangesetApplyError: TesseraError {
    public var errorKind: TesseraErrorKind { .apply }
}

extension AnimationFormatError: TesseraError {
    public var errorKind: TesseraErrorKind { .animation }
}
