import TesseraCore
import TesseraLua

/// A script the preview reads (the layout's or the animator's) that a save left unreadable,
/// worded by the script reader as the start words it (`rows.lua: expected a script file, found no
/// such file.`): the reader shared with the data file speaks of a dataset file, and its error would
/// show as a data error. `what` is "script" or "animator script"; the reader's error stays when
/// the file is readable again by the time it is asked.
func unreadableScript(_ error: DatasetError, what: String) -> CLIError {
    let problem = LuaHost.scriptFileProblem(error.file, what: what) ?? error.message
    // The page's and the terminal's sentences end with a period; the reader's end with one or none.
    return CLIError("\(error.file): " + (problem.hasSuffix(".") ? problem : problem + "."))
}
