@testable import TesseraCore

/// A provider of plain numbers (index ids unless `ids` says otherwise), sized `size` each.
func numbers(_ values: [Int], size: Size = Size(width: 50, height: 50), layout: any Layout = FlowLayout(),
             ids: (@Sendable (Int) -> String)? = nil) -> BasicProvider {
    BasicProvider(data: source(values, ids: ids), layout: layout, size: .fixed(.absolute(size.width), .absolute(size.height)))
}

func source(_ values: [Int], ids: (@Sendable (Int) -> String)? = nil) -> ItemSource {
    var s = ItemSource(values: values.map { .int($0) })
    if let ids { s.identifier = { .string(ids(values[$0])) } }
    return s
}

/// Visible views as (number, id, data, frame) for exact comparisons.
func shown(_ engine: CollectionEngine) -> [String] {
    engine.views.map { "\($0.number) \($0.id)=\(JSONWriter.write($0.data)) \($0.frame)" }
}

func types(_ events: [EngineEvent]) -> [String] { events.map { "\($0.type.rawValue) \($0.id)" } }
