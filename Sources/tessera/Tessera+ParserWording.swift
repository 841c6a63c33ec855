extension Tessera {
    /// ArgumentParser starts its sentences with a capital ("Unknown option '--colums'", "Missing
    /// expected argument '<layout>'", "The value 'x' is invalid for ..."); every sentence of ours
    /// after "Error: " starts lowercase. `text` (an error's, "Error: " and its lines) with the
    /// first word after "Error: " lowercased when it is a capitalised word (`Unknown`, `The`), not
    /// a flag, a file name or a name in capitals (`TESSERA_PATH`, `Photos.json:`); else `text`.
    /// The lines below the first (the usage, a Help line) are left as they are. O(first word).
    static func lowercasingParserSentence(_ text: String) -> String {
        let prefix = "Error: "
        guard text.hasPrefix(prefix) else { return text }
        let sentence = text.dropFirst(prefix.count)
        let word = sentence.prefix { $0 != " " }
        guard word.count > 1, word.count < sentence.count, let first = word.first, first.isASCII, first.isUppercase,
              word.dropFirst().allSatisfy({ $0.isASCII && $0.isLowercase }) else { return text }
        return prefix + first.lowercased() + sentence.dropFirst()
    }
}

/// `sentence` ended as every error's sentence ends, with a period (ArgumentParser's own end
/// bare: "Unknown option '--colums'"), unless it ends a sentence already (`.`, `?`, `!`) or
/// introduces the lines below it (`:`). O(1).
func endingSentence(_ sentence: some StringProtocol) -> String {
    guard let last = sentence.last, !".?!:".contains(last) else { return String(sentence) }
    return sentence + "."
}

extension Tessera {
    /// `text` (an error's, "Error: " and its lines) with its first line, the sentence, ended
    /// by `endingSentence`; the lines below (the usage, a traceback) as they are. O(first line).
    static func endingFirstSentence(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        var end = text.firstIndex(of: "\n") ?? text.endIndex
        // A sentence cut where it was made (`MessageCut`) goes on past the note in its middle.
        while end < text.endIndex, text[text.index(after: end)...].hasPrefix("[... "),
              let note = text[end...].range(of: " cut from this message ...]\n") {
            end = text[note.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        }
        return endingSentence(text[..<end]) + text[end...]
    }
}
