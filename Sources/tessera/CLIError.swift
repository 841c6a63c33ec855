/// A user-facing CLI failure: one clear sentence, printed to stderr; the exit status is 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
