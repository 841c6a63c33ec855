import ArgumentParser
import Foundation
import TesseraCore

@main
struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "A headless collection-layout engine: data and a viewport in; frames, visible sets and diffs out.",
        subcommands: [RunCommand.self, CheckCommand.self, DiffCommand.self, ReplCommand.self, BenchCommand.self]
    )
}
