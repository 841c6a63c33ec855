import TesseraCore

/// One generation of `tessera preview`'s page, as one binary WebSocket message.
///
/// Layout of the message: a 4-byte little-endian length N, N bytes of a JSON header, zero
/// padding up to a multiple of 8 bytes, then every item's frame as four little-endian
/// float64 (`x, y, w, h`), in flattened order. The frames are the bulk of a large run and go
/// as packed doubles (8 bytes a number, no parsing, full precision: a page at y = 1e8 still
/// places a card to the pixel); everything else is small and goes in the header: the run's own
/// fields, then `PageData`'s (section boxes, elements with their pin limits, pinned items,
/// shelves, item zIndex pairs), the shape `HTMLPage` embeds. The id table is not in it: it goes as a binary message of its own
/// (`idsMessage`) only when it changed, and the header names the version it needs.
package struct PreviewUpdate {
    public var run: LayoutRun
    public var generation: Int
    /// The version of the id table this run's items have (`idsMessage`).
    public var idsVersion: Int
    /// Step names and milliseconds, as the terminal line prints them.
    public var timings: [(String, Double)]
    /// With `--measure`: the page draws items' text and measures it.
    public var measure = false
    /// Where the run's measurements moved the page's offset (`--measure`), when it applied some.
    public var adjust: MeasuredPreview.Adjust?
    /// The layout script's declared params and the values this run used (the page's controls).
    public var params: [PageParam] = []
    /// The values a page's controls set that this run used (the page that said last): a page
    /// whose own differ says its picture has another page's params. Nil: no `pageParams` field.
    public var pageParams: JSONValue?
    /// The viewport's safe area the run was laid out with (`--safe-area`), which the page draws
    /// as a faint band; zero: no `safeArea` field.
    public var safeArea = EdgeInsets.zero

    public init(run: LayoutRun, generation: Int, idsVersion: Int, timings: [(String, Double)]) {
        self.run = run; self.generation = generation; self.idsVersion = idsVersion; self.timings = timings
    }

    /// The whole message. O(n) in items plus O(e) in elements (pin limits: O(log) queries each).
    public func encode<Bytes>(storage: Storage<Bytes>) throws -> Bytes {
        let result = run.result
        var header: [UInt8] = []
        header.reserveCapacity(1024)
        func key(_ name: String) { header.append(contentsOf: Array(",\"\(name)\":".utf8)) }
        func number(_ v: Double) { JSONWriter.appendNumber(v.isFinite ? v : 0, to: &header) }
        func pair(_ a: Double, _ b: Double) { header.append(UInt8(ascii: "[")); number(a); header.append(UInt8(ascii: ",")); number(b); header.append(UInt8(ascii: "]")) }
        func comma() { header.append(UInt8(ascii: ",")) }
        func string(_ s: String) { JSONWriter.appendString(s, to: &header) }

        header.append(contentsOf: Array("{\"type\":\"frame\",\"gen\":\(generation),\"idsVersion\":\(idsVersion),\"count\":\(result.count)".utf8))
        key("layout"); string(run.layoutName)
        key("dataset"); string(run.dataset.sourceName)
        key("viewport"); pair(run.viewport.width, run.viewport.height)
        key("content"); pair(result.contentSize.width, result.contentSize.height)
        key("timings"); header.append(UInt8(ascii: "["))
        for (k, step) in timings.enumerated() {
            if k > 0 { comma() }
            header.append(UInt8(ascii: "[")); string(step.0); comma(); number(step.1); header.append(UInt8(ascii: "]"))
        }
        header.append(UInt8(ascii: "]"))
        if measure { key("measure"); header.append(UInt8(ascii: "1")) }
        if let adjust {
            // The page measured generation `gen` at offset `from`; the engine moved it to `to`.
            key("adjust"); header.append(contentsOf: Array("{\"gen\":".utf8))
            if let g = adjust.generation { number(Double(g)) } else { header.append(contentsOf: Array("null".utf8)) }
            for (name, point) in [("from", adjust.from), ("to", adjust.to)] {
                key(name)
                if let point { pair(point.x, point.y) } else { header.append(contentsOf: Array("null".utf8)) }
            }
            header.append(UInt8(ascii: "}"))
        }
        if safeArea != .zero {
            key("safeArea"); header.append(UInt8(ascii: "["))
            for (k, v) in [safeArea.top, safeArea.left, safeArea.bottom, safeArea.right].enumerated() {
                if k > 0 { comma() }
                number(v)
            }
            header.append(UInt8(ascii: "]"))
        }
        if let pageParams { key("pageParams"); header.append(contentsOf: Array(JSONWriter.write(pageParams).utf8)) }
        comma()
        header.append(contentsOf: try PageData(run: run, rounded: false, params: params, shelfIDs: true).fields())
        header.append(UInt8(ascii: "}"))

        let n = result.count
        // The frames written straight into the message's storage (no array of doubles copied in after).
        return try Self.binaryMessage(header: header, bodySize: 32 * n, storage: storage) { raw in
            for i in 0..<n {
                let f = try result.frame(at: i), at = 32 * i
                // Little-endian on every platform Tessera builds for; `.littleEndian` swaps elsewhere.
                raw.storeBytes(of: f.x.bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
                raw.storeBytes(of: f.y.bitPattern.littleEndian, toByteOffset: at + 8, as: UInt64.self)
                raw.storeBytes(of: f.width.bitPattern.littleEndian, toByteOffset: at + 16, as: UInt64.self)
                raw.storeBytes(of: f.height.bitPattern.littleEndian, toByteOffset: at + 24, as: UInt64.self)
            }
        }
    }

    /// The whole message as bytes (`encode(storage:)` into an array).
    public func encode() throws -> [UInt8] { try encode(storage: Self.byteArray) }

    /// Storage for a message: `make(size, fill)` allocates `size` bytes, calls `fill` on them
    /// and returns them (an array here; the server makes the `Data` it sends, so the tens of
    /// megabytes of a large generation are written once and never copied).
    public typealias Storage<Bytes> = (_ size: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws -> Bytes

    /// `Storage` as a byte array.
    public static func byteArray(_ size: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws -> [UInt8] {
        var failure: (any Error)?
        let out = withoutActuallyEscaping(fill) { fill in
            [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                do { try fill(UnsafeMutableRawBufferPointer(buffer)); initialized = size } catch { failure = error; initialized = 0 }
            }
        }
        if let failure { throw failure }
        return out
    }

    /// A binary message: a 4-byte little-endian length N, N bytes of JSON `header`, zero padding
    /// up to a multiple of 8 bytes (so the page can view the body as typed arrays in place), then
    /// `bodySize` bytes that `body` writes (given the body's own bytes).
    static func binaryMessage<Bytes>(header: [UInt8], bodySize: Int, storage: Storage<Bytes>,
                                     body: (UnsafeMutableRawBufferPointer) throws -> Void) throws -> Bytes {
        let padding = (8 - (4 + header.count) % 8) % 8
        let bodyStart = 4 + header.count + padding
        return try withoutActuallyEscaping(body) { body in
            try storage(bodyStart + bodySize) { raw in
                let length = UInt32(header.count)
                for k in 0..<4 { raw[k] = UInt8(truncatingIfNeeded: length >> UInt32(8 * k)) }
                for (k, byte) in header.enumerated() { raw[4 + k] = byte }
                for k in 0..<padding { raw[4 + header.count + k] = 0 }
                try body(UnsafeMutableRawBufferPointer(rebasing: raw[bodyStart...]))
            }
        }
    }

    /// The id table message, binary as `binaryMessage` frames it: the header
    /// `{"type":"ids","version":V,"count":n}`, then n + 1 little-endian uint32 offsets into the
    /// text, then every id's text (as `ItemID.description` spells it) in UTF-8, one after the
    /// other in flattened order: item i's id is text[offsets[i] ..< offsets[i + 1]]. The page
    /// decodes only the ids it draws or inspects (a million strings would cost it a long task
    /// and slow every garbage collection after). O(n), no string built per id.
    ///
    /// With `texts` (`--measure`), a second table of the same shape follows, of every item's
    /// `text` field ("" for none), and the header says where it starts in the body:
    /// `"texts":[offsetsAt,textAt]` (4-byte aligned). With `labels` (`--label FIELD` other than
    /// `id`), one more of every item's label, at `"labels":[offsetsAt,textAt]`.
    public static func idsMessage<Bytes>(dataset: Dataset, version: Int, texts: Bool = false, labels: ItemLabels? = nil,
                                         storage: Storage<Bytes>) throws -> Bytes {
        let n = dataset.count
        var tables = [try table("id", count: n, of: dataset) { dataset.appendIDText(at: $0, to: &$1) }]
        var names: [String] = []
        if texts {
            tables.append(try table("text", count: n, of: dataset) { $1.append(contentsOf: Array((dataset.text(at: $0) ?? "").utf8)) })
            names.append("texts")
        }
        if let labels, labels.field != "id" {
            tables.append(try table("label", count: n, of: dataset) { $1.append(contentsOf: Array(labels.label(at: $0, in: dataset).utf8)) })
            names.append("labels")
        }
        // Each table 4-byte aligned after the one before.
        var starts: [Int] = [], end = 0
        for t in tables {
            let start = (end + 3) / 4 * 4
            starts.append(start)
            end = start + 4 * t.offsets.count + t.text.count
        }
        var header = "{\"type\":\"ids\",\"version\":\(version),\"count\":\(n)"
        for (k, name) in names.enumerated() {
            header += ",\"\(name)\":[\(starts[k + 1]),\(starts[k + 1] + 4 * (n + 1))]"
        }
        header += "}"
        return try binaryMessage(header: Array(header.utf8), bodySize: end, storage: storage) { raw in
            var written = 0
            for (t, start) in zip(tables, starts) {
                for k in written..<start { raw[k] = 0 }
                for (k, o) in t.offsets.enumerated() { raw.storeBytes(of: o.littleEndian, toByteOffset: start + 4 * k, as: UInt32.self) }
                let textStart = start + 4 * t.offsets.count
                t.text.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: raw[textStart..<(textStart + t.text.count)]).copyMemory(from: $0) }
                written = textStart + t.text.count
            }
        }
    }

    /// Offsets and UTF-8 text of one string per item (`append` writes item i's).
    private static func table(_ field: String, count n: Int, of dataset: Dataset,
                              _ append: (Int, inout [UInt8]) -> Void) throws -> (offsets: [UInt32], text: [UInt8]) {
        var text: [UInt8] = [], offsets = [UInt32]()
        text.reserveCapacity(8 * n)
        offsets.reserveCapacity(n + 1)
        for i in 0..<n {
            offsets.append(UInt32(truncatingIfNeeded: text.count))
            append(i, &text)
        }
        offsets.append(UInt32(truncatingIfNeeded: text.count))
        guard text.count <= Int(UInt32.max) else {
            throw DatasetError(file: dataset.sourceName, path: field, message: "expected at most 4 GB of \(field) text to preview, found \(text.count) bytes")
        }
        return (offsets, text)
    }

    /// The id table message as bytes.
    public static func idsMessage(dataset: Dataset, version: Int, texts: Bool = false, labels: ItemLabels? = nil) throws -> [UInt8] {
        try idsMessage(dataset: dataset, version: version, texts: texts, labels: labels, storage: byteArray)
    }
}
