// `Dataset`, `Item` and `JSONValue` show their fields as `OrderedDictionary` (source order
// matters: output keeps it), so users of TesseraCore get the type without a second import.
@_exported import OrderedCollections
