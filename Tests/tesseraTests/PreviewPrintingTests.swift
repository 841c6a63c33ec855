import Foundation
import Testing
@testable import TesseraCore
@testable import tessera

/// What the layout script and the animator script print in the preview reaches the terminal
/// alike: unlabelled, and a long line cut as messages are, whichever script printed it.
@Suite("preview printing")
struct PreviewPrintingTests {
    @Test func theLayoutsAndTheAnimatorsLinesAreCutAlike() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-printing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("rows.lua").path, data = folder.appendingPathComponent("data.json").path
        let animator = folder.appendingPathComponent("appear.lua").path
        try """
            return { simpleLayout = function(ctx)
              print("laying out " .. ctx.count)
              print(string.rep("a", 3000) .. string.rep("b", 2000))
              for i = 1, ctx.count do ctx.set(i, 0, (i - 1) * 30, ctx.width, 30) end
            end }

            """.write(toFile: script, atomically: true, encoding: .utf8)
        try """
            return { insert = function(e)
              print(string.format("insert at %d", e.frame[2]))
              print(string.rep("c", 3000) .. string.rep("d", 2000))
              return { from = { alpha = 0 }, duration = 0.25 }
            end }

            """.write(toFile: animator, atomically: true, encoding: .utf8)
        try #"{"items": [{"id": "a"}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
        var configuration = PreviewSession.Configuration(layout: script, dataPath: data)
        configuration.animator = animator
        configuration.animatorFile = try animatorFile(animator)
        let session = PreviewSession(configuration)
        let printed = ErrorLog(), errors = ErrorLog()
        session.log = { _ in }; session.logError = { errors.add($0) }
        session.scriptOutput = { printed.add($0) }
        session.render()
        try #"{"items": [{"id": "b"}, {"id": "a"}]}"#.write(toFile: data, atomically: false, encoding: .utf8)
        session.filesChanged([FileWatcher.absolute(data)])
        session.render()
        #expect(session.lastGoodRun?.generation == 2)

        func cut(_ head: Character, _ tail: Character) -> String {
            String(repeating: head, count: 3000) + "\n[... 1,000 characters cut from this message ...]\n" + String(repeating: tail, count: 1000)
        }
        let layout = cut("a", "b"), animation = cut("c", "d")
        // The first run lays out a; the save lays out b and a, then its animation lays a out
        // again (the engine it plays on inserts the view it starts with) and b and a (b is
        // inserted at the top).
        #expect(printed.all == ["laying out 1", layout, "laying out 2", layout,
                                "laying out 1", layout, "insert at 0", animation, "laying out 2", layout, "insert at 0", animation])
        #expect(errors.all == [])
    }
}
