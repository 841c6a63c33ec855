import ArgumentParser

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Lay out a dataset.")
    func run() throws {}
}
