import TesseraCore

/// `tessera test --junit FILE`: the results as JUnit XML, which CI systems read: one
/// `testsuite` per test file, one `testcase` per test, a `failure` (its first line as the
/// message, the whole text inside) for each failed one.
package struct JUnitReport {
    public var files: [LayoutTestFileResult]

    public init(files: [LayoutTestFileResult]) { self.files = files }

    /// The XML text. O(size of the results).
    public func xml() -> String {
        func seconds(_ ms: Double) -> String { JSONWriter.format((ms / 1000 * 1e6).rounded() / 1e6) }
        let all = files.flatMap(\.tests)
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"tessera test\" tests=\"\(all.count)\" failures=\"\(all.filter { !$0.passed }.count)\" "
                     + "time=\"\(seconds(all.reduce(0) { $0 + $1.milliseconds }))\">"]
        for file in files {
            let path = PageText.markup(file.path)
            lines.append("  <testsuite name=\"\(path)\" tests=\"\(file.tests.count)\" failures=\"\(file.tests.filter { !$0.passed }.count)\" "
                         + "time=\"\(seconds(file.tests.reduce(0) { $0 + $1.milliseconds }))\">")
            for test in file.tests {
                let open = "    <testcase classname=\"\(path)\" name=\"\(PageText.markup(test.name))\" time=\"\(seconds(test.milliseconds))\""
                guard let failure = test.failure else { lines.append(open + "/>"); continue }
                let first = failure.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure
                lines.append(open + ">")
                lines.append("      <failure message=\"\(PageText.markup(first))\">\(PageText.markup(failure))</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
