extension ScriptCatalog {
    /// How a person runs a layout by name where the listing is read, for its headings:
    /// `tessera layouts` names the command, the REPL's `:layouts` the `run` it takes.
    package struct HowToRun: Sendable, Equatable {
        /// A built-in with params.
        package let builtin: String
        /// A script by name.
        package let script: String

        package static let command = HowToRun(builtin: "tessera run NAME --param K=V", script: "tessera run NAME")
        package static let repl = HowToRun(builtin: #"run("NAME", {params = {K = V}})"#, script: #"run("NAME")"#)
    }
}
