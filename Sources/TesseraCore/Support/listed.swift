/// `names` as "a", "a or b", "a, b or c".
package func listed(_ names: [String]) -> String {
    names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
}
