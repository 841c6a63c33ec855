import Foundation
import Testing

/// The scripts README.md and docs/ name answer `--help` with their header comment and refuse an
/// argument they do not take, before they build anything: a reader who asks a script what it does
/// is not made to wait for a DocC or package build.
@Suite struct ScriptHelpTests {
    /// The comment lines after the shebang, without their `# `, as `--help` prints them.
    func header(_ script: String) throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(script), encoding: .utf8)
        let comments = text.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("#") }
        return comments.map { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : String($0.dropFirst()) }
            .joined(separator: "\n") + "\n"
    }

    func run(_ script: String, _ arguments: [String]) throws -> CLIOutcome {
        try runTessera(arguments, timeout: 20, executable: repositoryRoot.appendingPathComponent(script))
    }

    @Test(arguments: ["scripts/docs", "scripts/swift-usage-test", "scripts/build-order-test", "scripts/demo"])
    func helpPrintsTheHeader(script: String) throws {
        for flag in ["--help", "-h"] {
            let help = try run(script, [flag])
            #expect(help.status == 0, "\(script) \(flag): \(help.stderr)")
            #expect(help.stdout == (try header(script)))
            #expect(help.stderr == "")
        }
        #expect(try header(script).contains("Usage: \(script) "))
    }

    @Test(arguments: ["swift-usage-test", "build-order-test", "demo"])
    func anArgumentIsRefused(name: String) throws {
        let refused = try run("scripts/\(name)", ["--all"])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "\(name): unknown argument '--all' (expected none, or --help)\n")
    }

    @Test func apiHelpAndRefusal() throws {
        let help = try run("scripts/api", ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("The public API of Tessera's library products, read off the compiler's symbol graphs.\n\n"))
        #expect(help.stdout.contains("    scripts/api --count    print each module's count of public symbols"))
        #expect(help.stderr == "")
        let refused = try run("scripts/api", ["--chek"])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "scripts/api: unknown argument '--chek' (expected --write, --check, --count or --help)\n")
    }
}
