import TesseraLua

/// A script stopped by one of the sandbox limits is told the likelier cause first (the first
/// runaway loop a user writes, which a higher limit only makes slower to fail) and then which
/// flag moves that limit, for a genuinely long layout. The hint is the last line, under the
/// traceback, where the eye lands: "hint: if a loop never ends, fix it; if the work needs longer,
/// raise the limit with --time-limit SECONDS (0 for none)". The first line stays the one-sentence
/// `file:line: message`.
enum LimitHint {
    /// The flag sentence for a limit error's kind, nil for every other failure.
    static func hint(for kind: LuaScriptError.Kind) -> String? {
        switch kind {
        case .timeLimit: return "hint: if a loop never ends, fix it; if the work needs longer, raise the limit with --time-limit SECONDS (0 for none)"
        case .instructionLimit: return "hint: if a loop never ends, fix it; if the work needs more, raise the budget with --max-instructions N (0 for none)"
        case .memory: return "hint: if a table or string grows without end, fix it; if the work needs more, raise the cap with --max-memory MB"
        default: return nil
        }
    }

    /// `error` with the hint as its last line when it is a limit error, else unchanged.
    static func adding(to error: any Error) -> any Error {
        guard var scriptError = error as? LuaScriptError, let hint = hint(for: scriptError.kind) else { return error }
        scriptError.traceback += scriptError.traceback.isEmpty ? hint : "\n" + hint
        return scriptError
    }
}
