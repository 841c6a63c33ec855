extension ScriptCatalog {
    /// How a person uses a layout or an animator by name where the listing is read, for its
    /// headings: `tessera layouts` names the command and its flags, the REPL's `:layouts` the
    /// `run` and the `t.animator` it takes.
    package struct HowToRun: Sendable, Equatable {
        /// A built-in with params.
        package let builtin: String
        /// A script by name.
        package let script: String
        /// A built-in animator.
        package let builtinAnimator: String
        /// An animator script by name.
        package let animatorScript: String

        package static let command = HowToRun(builtin: "tessera run NAME --param K=V", script: "tessera run NAME",
                                              builtinAnimator: #"--animator NAME, t.animator("NAME")"#,
                                              animatorScript: "--animator NAME")
        package static let repl = HowToRun(builtin: #"run("NAME", {params = {K = V}})"#, script: #"run("NAME")"#,
                                           builtinAnimator: replAnimator, animatorScript: replAnimator)
        /// An animator in the REPL: made by `t.animator`, or named where an engine takes one.
        static let replAnimator = #"t.animator("NAME"), or animator = "NAME" in t.engine{}"#
    }
}
