/// How `LuaHost.animator(named:params:wording:)` words its messages for its caller. A Swift
/// program gets "unknown animator 'x' ..." and "fade: unknown param ..."; the command line
/// names its flag and the command that lists the names: "unknown --animator 'x' ...;
/// `tessera layouts` lists them", "--animator fade: unknown param ...". The lookup is one; only
/// these words differ.
package struct AnimatorWording: Sendable {
    /// The flag the name was given with ("--animator"), or nil for a Swift caller.
    package var flag: String?
    /// What ends the message for a name that finds nothing, after "; " ("`tessera layouts`
    /// lists them"), or nil when the caller has nothing that lists them.
    package var listing: String?

    package init(flag: String? = nil, listing: String? = nil) {
        self.flag = flag
        self.listing = listing
    }

    /// A Swift caller's: the names the message lists are all it says.
    package static let library = AnimatorWording()

    /// How the messages name what `name` was given as: "--animator fade", or "fade".
    func source(_ name: String) -> String { flag.map { "\($0) \(name)" } ?? name }

    /// "unknown animator 'x' ...; expected ..." with the caller's flag and listing.
    func unknown(_ names: String) -> String {
        "unknown \(flag ?? "animator") \(names)" + (listing.map { "; " + $0 } ?? "")
    }
}
