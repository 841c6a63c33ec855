/// A provider whose sections are providers arranged by an outer layout: a composed provider
/// and a headers provider, which a script configures alike (`sections =`, `layout =`).
package protocol ComposingProvider: Provider {
    /// The providers shown as its sections.
    var sections: [Provider] { get set }
    /// How the sections are arranged; nil stacks them vertically.
    var layout: (any Layout)? { get set }
}

extension ComposedProvider: ComposingProvider {}
extension HeadersProvider: ComposingProvider {}
