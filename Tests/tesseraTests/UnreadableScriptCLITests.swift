import Foundation
import Testing

/// A script this user may not read is said to be one, not a missing script nor an unknown name:
/// a layout and an animator by name, and a module by `require`. Run as `nobody` under root, who
/// may read anything (`runAsUser`).
@Suite struct UnreadableScriptCLITests {
    @Test func anUnreadableScriptSaysPermissionDeniedByNameAndByRequire() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["layouts", "animators"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let files = ["layouts/locked.lua": "return { simpleLayout = function() end }\n", "animators/locked.lua": "return {}\n",
                     "locked.lua": "return {}\n", "main.lua": "return require('locked')\n",
                     "items.json": #"[{"id":"a","w":10,"h":10}]"#]
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        for name in ["layouts/locked.lua", "animators/locked.lua", "locked.lua"] {
            #expect(chmod(dir.appendingPathComponent(name).path, 0o000) == 0)
        }
        let layout = try runAsUser(["run", "locked", "--data", "items.json"], in: dir)
        #expect(layout.status == 1 && layout.stdout.isEmpty)
        #expect(layout.stderr == "Error: layouts/locked.lua: the script cannot be read (permission denied).\n")
        let animator = try runAsUser(["animate", "flow", "--data", "items.json", "--to-layout", "row", "--animator", "locked"], in: dir)
        #expect(animator.status == 1 && animator.stdout.isEmpty)
        #expect(animator.stderr == "Error: animators/locked.lua: the animator script cannot be read (permission denied).\n")
        let module = try runAsUser(["run", "main.lua", "--data", "items.json"], in: dir)
        #expect(module.status == 1 && module.stdout.isEmpty)
        #expect(module.stderr == "Error: main.lua:1: module 'locked': locked.lua cannot be read (permission denied).\n"
                + "stack traceback:\n\t[C]: in global 'require'\n\tmain.lua:1: in main chunk\n")
    }
}
