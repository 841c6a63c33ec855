import Foundation
import TesseraCore

/// A script the preview reads (the layout's or the animator's) that a save left unreadable,
/// worded as the start words it (`rows.lua: the script does not exist`): the reader shared with
/// the data file speaks of a dataset file, and its error would show as a data error. `what` is
/// "the script" or "the animator script"; other reasons (a folder, a FIFO, permission) are the
/// reader's own, which fit any file.
func unreadableScript(_ error: DatasetError, what: String) -> CLIError {
    var info = stat()
    let missing = stat(error.file, &info) != 0 && errno == ENOENT
    return CLIError("\(error.file): " + (missing ? "\(what) does not exist" : error.message) + ".")
}
