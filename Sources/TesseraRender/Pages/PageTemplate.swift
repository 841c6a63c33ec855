/// A page file with markers where pieces go: `/*name*/`, a lower-case name without spaces. A
/// marker naming a file of `PageFiles` (`/*page-drawing.js*/`) is that file's text, as it is;
/// any other (`/*title*/`, `/*data*/`) is asked of the page writing it, in the order they come,
/// so data of any size streams into place. The text around markers is written as it is.
struct PageTemplate {
    /// The text before each marker, then the marker's name; the text after the last marker.
    private let pieces: [(text: String, marker: String)]
    private let end: String

    init(file name: String) { self.init(PageFiles.file(name)) }

    init(_ text: String) {
        var pieces: [(String, String)] = []
        let bytes = Array(text.utf8)
        var start = 0, k = 0
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
        }
        while k + 1 < bytes.count {
            guard bytes[k] == UInt8(ascii: "/"), bytes[k + 1] == UInt8(ascii: "*") else { k += 1; continue }
            var e = k + 2
            while e < bytes.count, isNameByte(bytes[e]) { e += 1 }
            guard e > k + 2, e + 1 < bytes.count, bytes[e] == UInt8(ascii: "*"), bytes[e + 1] == UInt8(ascii: "/"),
                  bytes[k + 2] >= UInt8(ascii: "a"), bytes[k + 2] <= UInt8(ascii: "z") else { k += 1; continue }
            pieces.append((String(decoding: bytes[start..<k], as: UTF8.self), String(decoding: bytes[(k + 2)..<e], as: UTF8.self)))
            k = e + 2
            start = k
        }
        self.pieces = pieces
        end = String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The page's length in UTF-8 bytes without what its non-file markers are filled with.
    var fixedLength: Int {
        pieces.reduce(end.utf8.count) { $0 + $1.text.utf8.count + (PageFiles.named[$1.marker]?.utf8.count ?? 0) }
    }

    /// The names of the markers, in order.
    var markers: [String] { pieces.map(\.marker) }

    /// Writes the page: the text, each file marker's file and `fill(name)` at every other marker.
    func write(to out: BufferedWriter, fill: (String) throws -> Void) rethrows {
        for piece in pieces {
            out.append(piece.text)
            if let file = PageFiles.named[piece.marker] { out.append(file) } else { try fill(piece.marker) }
        }
        out.append(end)
    }

    /// The page with `values` at its markers (and the files at theirs).
    func filled(_ values: [String: String] = [:]) -> String {
        var text = ""
        for piece in pieces {
            text += piece.text
            text += PageFiles.named[piece.marker] ?? values[piece.marker] ?? ""
        }
        return text + end
    }
}
