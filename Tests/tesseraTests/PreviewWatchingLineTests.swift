import Testing
@testable import tessera

/// The line under the preview's address names every file a save of which runs the preview
/// again: the script, the data, the animator's file, and the modules only when a script
/// is there to require them.
@Suite struct PreviewWatchingLineTests {
    @Test func theLineListsTheScriptTheDataAndTheAnimatorFile() {
        #expect(watchingLine(layoutFile: "layouts/appstore.lua", dataPath: "datasets/appstream-bookworm.json", animatorFile: nil, mode: "inotify")
                == "watching layouts/appstore.lua, datasets/appstream-bookworm.json and the modules the script requires (inotify); Ctrl-C stops")
        #expect(watchingLine(layoutFile: "out/list.lua", dataPath: "d.json", animatorFile: "out/pop.lua", mode: "poll")
                == "watching out/list.lua, d.json, out/pop.lua and the modules the scripts require (poll); Ctrl-C stops")
        #expect(watchingLine(layoutFile: nil, dataPath: "datasets/emoji-15.1.json", animatorFile: "out/pop.lua", mode: "inotify")
                == "watching datasets/emoji-15.1.json, out/pop.lua and the modules the script requires (inotify); Ctrl-C stops")
        // A built-in layout with a built-in animator (or none): only the data, no modules.
        #expect(watchingLine(layoutFile: nil, dataPath: "datasets/emoji-15.1.json", animatorFile: nil, mode: "inotify")
                == "watching datasets/emoji-15.1.json (inotify); Ctrl-C stops")
    }
}
