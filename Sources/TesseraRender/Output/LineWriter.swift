/// Lines written through a `BufferedWriter` with a newline between each two (none after the
/// last), as `joined(separator: "\n")` would give them, without holding them all.
package final class LineWriter {
    private let out: BufferedWriter
    private var first = true

    package init(_ out: BufferedWriter) { self.out = out }

    package func add(_ line: String) {
        if !first { out.append(0x0A) }
        first = false
        out.append(line)
    }

    package func add<Lines: Sequence>(contentsOf lines: Lines) where Lines.Element == String {
        for line in lines { add(line) }
    }
}
