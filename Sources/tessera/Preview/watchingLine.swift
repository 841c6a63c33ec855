import TesseraCore

/// The line `tessera preview` prints under its address: the files it watches as a person lists
/// them (`a, b and c`), the animator's file among them, and the modules only when a script is
/// there to require them (a built-in layout with a built-in animator has none). A nil `mode`
/// is a watcher that could not start: the line says saves will not show. A built-in layout on
/// the generated sample (no `dataPath`) has no file to watch, and the line says what is shown.
func watchingLine(layoutFile: String?, dataPath: String?, animatorFile: String?, mode: String?) -> String {
    let scripts = [layoutFile, animatorFile].compactMap { $0 }
    var names = [layoutFile, dataPath, animatorFile].compactMap { $0 }
    if names.isEmpty { return "watching no files: a built-in layout on \(Dataset.generatedSampleName); Ctrl-C stops" }
    if !scripts.isEmpty {
        names.append(scripts.count == 1 ? "the modules the script requires" : "the modules the scripts require")
    }
    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    guard let mode else {
        return "not watching \(list): no thread could be started for the file watcher, so saves will not show " +
            "until tessera preview is started again; Ctrl-C stops"
    }
    return "watching \(list) (\(mode)); Ctrl-C stops"
}
