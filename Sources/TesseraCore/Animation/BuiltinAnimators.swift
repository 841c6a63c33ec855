import OrderedCollections

/// The native animators by name, with parameters typed like a script's: `fade` (alpha,
/// duration), `scale` (scale, alpha, duration) and `wobble` (sensitivityX, sensitivityY), the
/// same parameters as their copies in `animators/`, so Swift code names animators as scripts do:
///
///     let fade = try BuiltinAnimators.make("fade", params: ["duration": .double(0.5)], source: "app")
public enum BuiltinAnimators {
    /// The names of the animators built into Tessera.
    public static let names = ["fade", "scale", "wobble"]

    /// The parameters `name` takes, with their defaults; nil for an unknown name.
    public static func defaults(_ name: String) -> OrderedDictionary<String, JSONValue>? {
        switch name {
        case "fade": ["alpha": .int(0), "duration": .double(0.3)]
        case "scale": ["scale": .double(0.5), "alpha": .int(0), "duration": .double(0.3)]
        case "wobble": ["sensitivityX": .int(1), "sensitivityY": .int(1)]
        default: nil
        }
    }

    /// The built-in animator `name` with `params` over its defaults; nil for an unknown name.
    /// - Throws: `LayoutError` for an unknown or mistyped parameter, or a `duration` outside
    ///   0...`AnimationDescription.maxSeconds` (`source` names the call); `AnimationFormatError`
    ///   for an `alpha` or `scale` that is not finite.
    public static func make(_ name: String, params: OrderedDictionary<String, JSONValue>,
                            source: String) throws -> (any Animator)? {
        guard let defaults = defaults(name) else { return nil }
        // Refused here, naming the param, rather than by the first animation that uses it (a
        // pass with nothing to animate would take it silently); before the type check, so a
        // word and a number out of range get the same expectation.
        if defaults["duration"] != nil, let given = params["duration"],
           !(given.number.map((0...AnimationDescription.maxSeconds).contains) ?? false) {
            throw LayoutError.invalidParameter(
                name: "duration", allowed: "a number of seconds from 0 to \(NumberText.grouped(Int(AnimationDescription.maxSeconds)))",
                got: given.briefDescription, subject: "\(source): param 'duration'", verb: "expects")
        }
        let p = try ParameterDefaults.resolve(params, defaults: defaults, source: source)
        func number(_ key: String) -> Double { p[key]?.number ?? 0 }
        switch name {
        // Checked, never trapping: a param is a user's value.
        case "fade": return try FadeAnimator(validatingDuration: number("duration"), alpha: number("alpha"))
        case "scale": return try FadeAnimator(validatingDuration: number("duration"), alpha: number("alpha"), scale: number("scale"))
        default: return WobbleAnimator(sensitivity: Point(x: number("sensitivityX"), y: number("sensitivityY")))
        }
    }
}
