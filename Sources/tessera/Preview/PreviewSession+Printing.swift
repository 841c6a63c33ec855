import TesseraCore

// What the layout script and the animator script print, as the terminal shows it: the same for
// both, so a person watching it reads one kind of line whichever script printed it.
extension PreviewSession {
    /// Where a script's `print` lines go: to `scriptOutput`, after `label` when given (a replayed
    /// animation's), each cut as messages are (`MessageCut`), so a script printing a whole table
    /// does not scroll the run lines away. `scriptOutput` is read now, as the host is made.
    /// O(length of a line) a line.
    func printing(label: String? = nil) -> (String) -> Void {
        let output = scriptOutput
        return { line in output(MessageCut.cut(label.map { "\($0) \(line)" } ?? line)) }
    }
}
