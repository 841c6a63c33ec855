/// The sizes a host measured (`CollectionEngine.measure(_:size:)`), handed to the providers that
/// lay those elements out: a basic provider's items by local index, a headers provider's headers
/// by section. Keyed by the provider object, so a provider listed twice in a tree shows the same
/// measured sizes in both places.
package struct MeasuredSizes: Sendable, Equatable {
    /// Item sizes by owner and owner-local index.
    var items: [ObjectIdentifier: MeasuredOverrides] = [:]
    /// Header sizes by headers provider and section.
    var headers: [ObjectIdentifier: [Int: Size]] = [:]

    package init() {}

    /// No measured size.
    package var isEmpty: Bool { items.isEmpty && headers.isEmpty }

    /// The measured sizes of `owner`'s items, by local index (empty when none).
    func items(of owner: AnyObject) -> MeasuredOverrides { items[ObjectIdentifier(owner)] ?? MeasuredOverrides() }
    /// The measured size of `owner`'s header `section`, if any.
    func header(of owner: AnyObject, section: Int) -> Size? { headers[ObjectIdentifier(owner)]?[section] }
}
