import TesseraCore

/// What the command line adds where a message lists the layout or animator names there are:
/// the command that lists them, a line about each. The libraries' messages list the names alone,
/// as a Swift program has no such command.
let listedByLayoutsCommand = "`tessera layouts` lists them"

/// `error`, or for an unknown layout whose message lists the scripts by name, that message with
/// `listedByLayoutsCommand` after the names: "unknown layout 'x'; expected ...; `tessera layouts`
/// lists them". The one place that prints errors asks it, as it asks `LimitHint`.
func pointingAtLayoutsCommand(_ error: any Error) -> any Error {
    guard let layout = error as? LayoutError, case .unknownLayout(_, _, _, _?) = layout else { return error }
    return CLIError(layout.description + "; " + listedByLayoutsCommand)
}
