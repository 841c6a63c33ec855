/// What a folder search needs to know of one path: its kind, and which file system and which
/// file it is, so a folder reached twice (a bind mount inside itself) is searched once and a
/// search can stay on the file system it started on.
struct FileEntry: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case folder, file, symbolicLink, other }

    /// One file on one file system: `st_dev` and `st_ino`.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    var kind: Kind
    /// nil for a shipped script (`<tessera>/...`), which lives in no file system.
    var identity: Identity?
}
